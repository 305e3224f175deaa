# lib.sh: helpers for antroute's shell tests (sourced). Environment from tests/CMakeLists.txt:
# ANTROUTE (the binary), AR_SOURCE_DIR, AR_SHARED_DATA, AR_TMP (a fresh directory), MPIEXEC.
set -u
: "${ANTROUTE:?run through ctest}"
rm -rf "$AR_TMP" && mkdir -p "$AR_TMP"
AR_PASSED=0
AR_FAILED=0

pass() { echo "ok: $*"; AR_PASSED=$((AR_PASSED + 1)); }
fail() { echo "FAILED: $*"; AR_FAILED=$((AR_FAILED + 1)); }
skip_test() { echo "SKIP: $*"; exit 77; }

# need_shared PATH: skip the whole test when ../shared/data (or a file in it) is absent.
need_shared() { [ -e "$AR_SHARED_DATA/$1" ] || skip_test "shared data $1 not present"; }

# expect_error CODE PATTERN OUTFILE -- command...: the command must exit with CODE, print PATTERN
# (grep -E) on stderr or stdout, and OUTFILE (if not "-") must not exist afterwards.
expect_error() {
  local code=$1 pattern=$2 out=$3
  shift 4
  local log="$AR_TMP/last.log"
  "$@" >"$log" 2>&1
  local rc=$?
  if [ "$rc" -ne "$code" ]; then fail "$* exited $rc, expected $code: $(head -c 400 "$log")"; return 1; fi
  if ! grep -Eq -- "$pattern" "$log"; then fail "$*: message lacks /$pattern/: $(head -c 400 "$log")"; return 1; fi
  if [ "$out" != "-" ] && [ -e "$out" ]; then fail "$*: left an output file $out"; return 1; fi
  pass "$* -> exit $code, /$pattern/"
}

# ar_mpirun NP command...: runs under mpirun, oversubscribed, as root if need be.
ar_mpirun() {
  local np=$1
  shift
  "$MPIEXEC" --oversubscribe --bind-to none -np "$np" "$@"
}

# finish: prints the closing line and sets the exit status.
finish() {
  echo "$AR_PASSED passed, $AR_FAILED failed"
  [ "$AR_FAILED" -eq 0 ]
  exit $?
}
