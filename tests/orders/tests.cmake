# Order routing on supply-chain networks: model, costs, constraints, bound, evaluate.
set(AR_ORDERS_MINI ${CMAKE_CURRENT_LIST_DIR}/mini_net.c)
ar_add_unit_test(orders_cost_random SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_cost_random.c)
ar_add_unit_test(orders_constraints SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_constraints.c
                 ${AR_ORDERS_MINI})
ar_add_unit_test(orders_bound SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_bound.c ${AR_ORDERS_MINI})
ar_add_script_test(orders_historical SCRIPT tests/orders/test_historical.sh LABELS orders)
ar_add_script_test(orders_evaluate_cli SCRIPT tests/orders/test_evaluate_cli.sh LABELS orders)
ar_add_script_test(orders_solve_cli SCRIPT tests/orders/test_solve_cli.sh LABELS "orders;mpi")
