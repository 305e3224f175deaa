# SPDX-License-Identifier: BSD-3-Clause
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

# h5_read FILE VAR=PATH...: reads many values of one HDF5 file with a single h5py (each python
# that imports h5py costs ~0.18 CPU s, quiet) and prints shell assignments for eval:
#   eval "$(h5_read "$AR_TMP/r.h5" it=/run@iterations cost=/best/cost)"
# PATH is a dataset (its values space-separated, floats at full precision) or OBJECT@NAME, an
# attribute (/@kind for the root's). A path that is missing or unreadable gives an empty value.
h5_read() {
  /usr/bin/python3 - "$@" <<'PYEOF'
import shlex, sys
import h5py, numpy as np

def text(x):
    if isinstance(x, bytes):
        return x.decode(errors="replace")
    if isinstance(x, str):
        return x
    a = np.asarray(x).reshape(-1)
    if a.dtype.kind == "f":
        return " ".join(repr(float(e)) for e in a)
    if a.dtype.kind in "iub":
        return " ".join(str(int(e)) for e in a)
    return " ".join(text(e) for e in a)

def value(f, path):
    if "@" in path:
        obj, name = path.rsplit("@", 1)
        return f[obj or "/"].attrs[name]
    return f[path][()]

try:
    f = h5py.File(sys.argv[1], "r")
except Exception:
    f = None
for pair in sys.argv[2:]:
    var, path = pair.split("=", 1)
    try:
        got = text(value(f, path))
    except Exception:
        got = ""
    print(f"{var}={shlex.quote(got)}")
PYEOF
}

# h5_edit SRC DST PYTHON: DST is a copy of the HDF5 file SRC with PYTHON run on it (f = DST open
# for writing; h5py and np = numpy imported; DST = SRC edits in place); the error is printed and
# 1 returned when it fails.
# One python serves every call of a test (a coprocess started at the first call), so that a test
# that damages twenty files imports h5py once, not twenty times (~0.18 CPU s each, quiet).
AR_H5_EDITOR_SCRIPT='
import base64, shutil, sys
import h5py, numpy as np
for line in sys.stdin:
    src, dst, code = (base64.b64decode(x).decode() for x in line.split())
    try:
        if src != dst:
            shutil.copyfile(src, dst)
        with h5py.File(dst, "r+") as f:
            exec(code, {"f": f, "np": np, "h5py": h5py})
        print("ok", flush=True)
    except Exception as e:
        print(f"error: {type(e).__name__}: {e}".replace("\n", " "), flush=True)
'
h5_edit() {
  local reply
  if [ -z "${AR_H5_EDITOR_PID:-}" ]; then
    coproc AR_H5_EDITOR { /usr/bin/python3 -c "$AR_H5_EDITOR_SCRIPT"; }
  fi
  printf '%s %s %s\n' "$(printf '%s' "$1" | base64 -w0)" "$(printf '%s' "$2" | base64 -w0)" \
    "$(printf '%s' "$3" | base64 -w0)" >&"${AR_H5_EDITOR[1]}"
  read -r reply <&"${AR_H5_EDITOR[0]}" || reply="error: the h5py coprocess ended"
  [ "$reply" = ok ] && return 0
  echo "h5_edit $2: $reply" >&2
  return 1
}

# ---- Waiting for the state a test wants, never for the clock (docs/testing.md, "Timing") ----

# wait_until SECONDS WHAT command...: polls the command (every 0.05 s) until it succeeds; after
# SECONDS (a generous bound: the machine may be loaded) fails with "gave up waiting for WHAT" and
# returns 1.
wait_until() {
  local bound=$1 what=$2
  shift 2
  local deadline=$((SECONDS + bound))
  until "$@"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      fail "gave up waiting for $what after $bound s"
      return 1
    fi
    sleep 0.05
  done
}

# wait_file FILE [SECONDS]: wait_until FILE exists (default 120 s).
wait_file() { wait_until "${2:-120}" "$1 to appear" test -e "$1"; }

# signal_pending PID SIGNUM: true while SIGNUM is pending in a thread of PID (or for the whole
# process), i.e. not yet delivered to a handler.
signal_pending() {
  local bit f mask
  bit=$((1 << ($2 - 1)))
  for f in /proc/"$1"/task/*/status; do
    for mask in $(sed -n 's/^\(SigPnd\|ShdPnd\):[[:space:]]*//p' "$f" 2>/dev/null); do
      [ $((0x$mask & bit)) -ne 0 ] && return 0
    done
  done
  return 1
}

signal_taken() { ! signal_pending "$@"; }

# send_signal SIG PID...: kill -SIG, then waits until each process has taken the signal (its
# handler ran, or it died): a test that goes on (e.g. releases ANTROUTE_TEST_HOLD) knows the
# process has seen it, and two signals in a row cannot merge into one.
send_signal() {
  local sig=$1 num p
  shift
  num=$(kill -l "$sig")
  kill -"$sig" "$@" || return 1
  for p in "$@"; do
    wait_until 60 "process $p to take SIG$sig" signal_taken "$p" "$num" || return 1
  done
}

# hold_at N NAME: the value of ANTROUTE_TEST_HOLD that holds a run after N iterations until
# $AR_TMP/NAME.go exists (tests/hooks/test_hooks.h); the run creates $AR_TMP/NAME.go.held when it
# holds. release NAME lets it go on.
hold_at() { echo "$1:$AR_TMP/$2.go"; }
release() { touch "$AR_TMP/$1.go"; }

# finish: prints the closing line and sets the exit status. A test that checked nothing fails:
# it would pass whatever the program does (exit 77 through skip_test is the way to skip).
finish() {
  echo "$AR_PASSED passed, $AR_FAILED failed"
  if [ $((AR_PASSED + AR_FAILED)) -eq 0 ]; then
    echo "FAILED: this test checked nothing (neither pass nor fail was called)"
    exit 1
  fi
  [ "$AR_FAILED" -eq 0 ]
  exit $?
}
