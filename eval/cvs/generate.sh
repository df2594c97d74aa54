#!/usr/bin/env bash
# Builds the delivered CV files of a CV set (eval/cvs by default, or the set folder given, e.g. eval/cvs-check) from
# their sources in <set>/src/ (the Markdown dialect of test/fixtures/cvs/md-to-html.ts, reused from there). Each CV's
# format comes from the `file` named in labels.json, so the labels and the files cannot disagree. Needs LibreOffice
# (soffice) and Node 24; CI has no LibreOffice, so the generated files are committed. Run from anywhere:
#   eval/cvs/generate.sh [set folder]
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$(cd "${1:-$root/eval/cvs}" && pwd)"
export PATH="$root/node_modules/.bin:$PATH"
to_html="$root/test/fixtures/cvs/md-to-html.ts"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The ids delivered in one format (pdf, docx or doc), read from labels.json.
ids_in() {
  node -e '
    const [file, ext] = process.argv.slice(1);
    for (const cv of JSON.parse(require("node:fs").readFileSync(file, "utf8")).cvs)
      if (cv.file === `${cv.id}.${ext}`) console.log(cv.id);
  ' "$here/labels.json" "$1"
}

# Writes each source as HTML into a directory of its own per format and prints the paths.
html() {
  local format="$1"
  mkdir -p "$work/$format"
  for id in $(ids_in "$format"); do
    node "$to_html" "$here/src/$id.md" >"$work/$format/$id.html"
    echo "$work/$format/$id.html"
  done
}

# One LibreOffice run per format. HTML is imported as a Writer document (not Writer/Web), so Word and PDF export.
convert() {
  local target="$1"
  shift
  soffice --headless --infilter="HTML (StarWriter)" --convert-to "$target" --outdir "$here" "$@" >/dev/null
}

mapfile -t pdf_html < <(html pdf)
mapfile -t docx_html < <(html docx)
mapfile -t doc_html < <(html doc)
convert pdf:writer_pdf_Export "${pdf_html[@]}"
convert "docx:MS Word 2007 XML" "${docx_html[@]}"
convert "doc:MS Word 97" "${doc_html[@]}"

echo "$((${#pdf_html[@]} + ${#docx_html[@]} + ${#doc_html[@]})) CV files written to $here"
