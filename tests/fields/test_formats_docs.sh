# SPDX-License-Identifier: BSD-3-Clause
# formats_docs: the tables of docs/formats.md are what `antroute formats --markdown` prints
# (the field declarations, io/common/h5field.h), each declared table is there once, and the JSON
# schema beside the report script is `antroute formats --json`.
source "$AR_SOURCE_DIR/tests/common/lib.sh"

if python3 "$AR_SOURCE_DIR/tests/fields/formats_docs.py" "$ANTROUTE" "$AR_SOURCE_DIR/docs/formats.md"
then pass "docs/formats.md holds the declared tables"; else fail "docs/formats.md and the declarations disagree"; fi

schema=$(dirname "$ANTROUTE")/share/antroute/report/formats.json
if "$ANTROUTE" formats --json > "$AR_TMP/formats.json" && cmp -s "$AR_TMP/formats.json" "$schema"
then pass "the build's formats.json is antroute formats --json"; else fail "$schema differs from antroute formats --json (rebuild)"; fi
if python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['tour:results']['fields']['best_tour']['path'] == '/best/tour'" "$AR_TMP/formats.json"
then pass "the schema is JSON and names /best/tour"; else fail "the schema does not parse or lacks best_tour"; fi

# The report script's built-in paths (a run from the source tree) are the declared ones.
cat > "$AR_TMP/paths.py" <<'PY'
import json, sys
sys.path[:0] = [sys.argv[1] + "/tools", sys.argv[1] + "/io/tour", sys.argv[1] + "/io/supply"]
try:
    import antroute_report as ar
    import report_tour  # noqa: F401  (adds its tables to ar.PATHS)
    import report_supply  # noqa: F401  (the same)
except (ImportError, SystemExit):
    print("skip: no h5py/matplotlib"); sys.exit(0)
schema = json.load(open(sys.argv[2]))
bad = [f"{t}/{n}: {p} != declared {schema.get(t, {}).get('fields', {}).get(n, {}).get('path')}"
       for t, names in ar.PATHS.items() for n, p in names.items()
       if schema.get(t, {}).get("fields", {}).get(n, {}).get("path") != p]
print("\n".join(bad)); sys.exit(1 if bad else 0)
PY
if /usr/bin/python3 "$AR_TMP/paths.py" "$AR_SOURCE_DIR" "$AR_TMP/formats.json"
then pass "the report script's built-in paths are the declared ones"; else fail "PATHS of tools/antroute_report.py, report_tour.py or report_supply.py disagree with the declarations"; fi

expect_error 2 "unknown kind 'nope'" - -- "$ANTROUTE" formats nope
expect_error 2 "not both" - -- "$ANTROUTE" formats --markdown --json
if "$ANTROUTE" formats supply-chain | grep -q "^supply-chain:results" && ! "$ANTROUTE" formats supply-chain | grep -q "^tour:"
then pass "formats KIND lists that kind only"; else fail "formats supply-chain"; fi
finish
