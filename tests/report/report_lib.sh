# SPDX-License-Identifier: BSD-3-Clause
# report_lib.sh: helpers for the report tests (sourced after tests/common/lib.sh).
PY=/usr/bin/python3

# need_pictures: skip when /usr/bin/python3 lacks h5py or matplotlib (the pictures need both).
need_pictures() {
  "$PY" -c 'import h5py, matplotlib' 2>/dev/null ||
    skip_test "/usr/bin/python3 lacks h5py or matplotlib (apt-get install python3-h5py python3-matplotlib)"
}

# check_picture FILE...: for each FILE a line "ok FILE" when it is a real PNG (magic bytes, IHDR
# size at least 200 x 150) or SVG (parses as XML with an <svg> root), else "bad FILE: why"; one
# python for all of them.
check_picture() {
  "$PY" - "$@" <<'PYEOF'
import struct, sys
import xml.etree.ElementTree as ET

def why_bad(path):
    data = open(path, "rb").read()
    if path.endswith(".png"):
        if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
            return "not a PNG"
        w, h = struct.unpack(">II", data[16:24])
        return f"only {w} x {h} pixels" if w < 200 or h < 150 else None
    if path.endswith(".svg"):
        try:
            root = ET.fromstring(data)
        except ET.ParseError as e:
            return f"not XML: {e}"
        return None if root.tag.endswith("svg") else f"root element {root.tag}, not svg"
    return "neither .png nor .svg"

for path in sys.argv[1:]:
    try:
        why = why_bad(path)
    except OSError as e:
        why = str(e)
    print(f"ok {path}" if why is None else f"bad {path}: {why}")
PYEOF
}

# check_pictures DIR MIN NAME...: at least MIN pictures, each NAME present and valid, every
# picture valid, and no temporary file left behind.
check_pictures() {
  local dir=$1 min=$2
  shift 2
  local n f verdicts
  n=$(find "$dir" -maxdepth 1 -type f \( -name '*.png' -o -name '*.svg' \) | wc -l)
  if [ "$n" -ge "$min" ]; then pass "$dir holds $n pictures (>= $min)"; else fail "$dir holds $n pictures, expected >= $min"; fi
  for name in "$@"; do
    [ -f "$dir/$name" ] && pass "$dir/$name exists" || fail "$dir/$name missing"
  done
  local pictures=()
  for f in "$dir"/*.png "$dir"/*.svg; do [ -e "$f" ] && pictures+=("$f"); done
  if [ ${#pictures[@]} -gt 0 ]; then
    verdicts=$(check_picture "${pictures[@]}" 2>&1)
    for f in "${pictures[@]}"; do
      if grep -qxF "ok $f" <<<"$verdicts"; then pass "$(basename "$f") is a valid picture"
      else fail "$(grep -F "$f" <<<"$verdicts" || echo "$f: not checked: $verdicts")"; fi
    done
  fi
  if find "$dir" -name '*.tmp' | grep -q .; then fail "temporary files left in $dir"; else pass "no temporary files in $dir"; fi
}

# has LOG PATTERN WHAT: the log matches the extended regex.
has() {
  if grep -Eq -- "$2" "$1"; then pass "$3"; else fail "$3: /$2/ not in $(head -c 600 "$1")"; fi
}
