/* SPDX-License-Identifier: BSD-3-Clause */
/* h5field_render: declarations as Markdown and JSON (see h5field_render.h). */
#include "h5field_render.h"

#include <string.h>

/* Text in a Markdown table cell: a bar would end the cell. */
static void md_text(FILE *out, const char *s) {
  for (; s && *s; s++) {
    if (*s == '|') fputc('\\', out);
    fputc(*s == '\n' ? ' ' : *s, out);
  }
}

/* "`/run` attribute `seconds`" or "`/best/tour`". */
static void md_path(FILE *out, const h5field *f) {
  if (f->flags & H5FIELD_ATTRIBUTE) {
    const char *leaf = h5field_leaf(f);
    size_t len = (size_t)(leaf - f->path);
    int root = len <= 1;
    fprintf(out, "`%.*s` attribute `%s`", root ? 1 : (int)len - 1, f->path, leaf);
  } else {
    fprintf(out, "`%s`", f->path);
  }
}

static void md_type(FILE *out, const h5field *f) {
  fputs(h5field_type_name(f->type), out);
  if (f->flags & H5FIELD_ATTRIBUTE) return;
  if (f->rank == 0)
    fputs(" scalar", out);
  else
    fprintf(out, " %s", f->shape ? f->shape : "");
}

ar_status h5field_markdown(FILE *out, const h5field_table *t) {
  fputs("| Path | Type, shape | Unit | Meaning |\n|---|---|---|---|\n", out);
  for (int i = 0; i < t->count; i++) {
    const h5field *f = &t->fields[i];
    fputs("| ", out);
    md_path(out, f);
    fputs(" | ", out);
    md_type(out, f);
    fputs(" | ", out);
    md_text(out, f->unit);
    fputs(" | ", out);
    if (f->flags & H5FIELD_OPTIONAL) fputs("(optional) ", out);
    md_text(out, f->meaning);
    /* The docs' words follow the meaning as a sentence of their own, or a parenthesis. */
    if (f->doc) {
      fputs(f->doc[0] == '(' ? " " : ". ", out);
      md_text(out, f->doc);
    }
    fputs(" |\n", out);
  }
  return ferror(out) ? ar_fail(AR_ERR_IO, "cannot write the table %s", t->id) : AR_OK;
}

static void json_str(FILE *out, const char *s) {
  if (!s) {
    fputs("null", out);
    return;
  }
  fputc('"', out);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c < 0x20)
      fprintf(out, "\\u%04x", c);
    else
      fputc(c, out);
  }
  fputc('"', out);
}

static void json_field(FILE *out, const h5field *f) {
  fputs("      ", out);
  json_str(out, f->name);
  fputs(": {\"path\": ", out);
  json_str(out, f->path);
  fputs(", \"type\": ", out);
  json_str(out, h5field_type_name(f->type));
  fprintf(out, ", \"rank\": %d, \"shape\": ", f->rank);
  json_str(out, f->shape);
  fputs(", \"unit\": ", out);
  json_str(out, f->unit);
  fputs(", \"meaning\": ", out);
  json_str(out, f->meaning);
  fprintf(out, ", \"attribute\": %s, \"optional\": %s, \"per_group\": %s}",
          f->flags & H5FIELD_ATTRIBUTE ? "true" : "false",
          f->flags & H5FIELD_OPTIONAL ? "true" : "false",
          f->flags & H5FIELD_PER_GROUP ? "true" : "false");
}

ar_status h5field_json(FILE *out, const h5field_table *const *tables, int n) {
  fputs("{\n", out);
  for (int k = 0; k < n; k++) {
    const h5field_table *t = tables[k];
    fputs("  ", out);
    json_str(out, t->id);
    fputs(": {\n    \"title\": ", out);
    json_str(out, t->title);
    fputs(",\n    \"fields\": {\n", out);
    for (int i = 0; i < t->count; i++) {
      json_field(out, &t->fields[i]);
      fputs(i + 1 < t->count ? ",\n" : "\n", out);
    }
    fputs(k + 1 < n ? "    }\n  },\n" : "    }\n  }\n", out);
  }
  fputs("}\n", out);
  return ferror(out) ? ar_fail(AR_ERR_IO, "cannot write the JSON schema") : AR_OK;
}
