/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * File-contexts specifications (see file-contexts.h).
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <linux/sigil.h>

#include "file-contexts.h"

static const struct {
	const char *flag;
	mode_t type;
} types[] = {
	{ "--", S_IFREG }, { "-d", S_IFDIR }, { "-l", S_IFLNK },
	{ "-c", S_IFCHR }, { "-b", S_IFBLK }, { "-s", S_IFSOCK },
	{ "-p", S_IFIFO },
};

/* Whether @label could be a label: the bytes of sigil_label_byte(), not too long. */
static int check_label(const char *label, char *reason, size_t room)
{
	size_t i, len = strlen(label);

	if (len > SIGIL_LABEL_MAX) {
		snprintf(reason, room, "label of %zu bytes, over %d", len,
			 SIGIL_LABEL_MAX);
		return -1;
	}
	for (i = 0; i < len; i++) {
		if (!sigil_label_byte(label[i])) {
			const unsigned char c = label[i];

			snprintf(reason, room,
				 "invalid label '%s' (byte \\x%02x is %s)",
				 label, c, c > 0x20 && c < 0x7f ?
				 "not a letter, a digit or one of " SIGIL_LABEL_PUNCT :
				 "not printable ASCII");
			return -1;
		}
	}
	return 0;
}

/*
 * The stem of the expression @re, matched whole: the bytes before its
 * first special character, less the last of them when a quantifier
 * follows it (it may then match nothing).  None when @re has an
 * alternation, whose other branch need not begin with it.  Sets @e's
 * stem, or returns -1 when out of memory.
 */
static int set_stem(struct fc_entry *e, const char *re)
{
	size_t n = strcspn(re, ".[]()*+?{}|^$\\");

	if (strchr(re, '|'))
		n = 0;
	else if (!re[n] && n)
		e->whole = 1;
	else if (n && strchr("*+?{", re[n]))
		n--;
	e->stem_len = n;
	e->stem = strndup(re, n);
	return e->stem ? 0 : -1;
}

/* Parses one line (no newline) into @e: 0, 1 if blank, -1 if invalid. */
static int parse_line(char *s, struct fc_entry *e, char *reason, size_t room)
{
	char *field[3], *regex;
	size_t n = 0, i;
	int err;

	/* Refused as policies refuse it, rather than taken as a blank. */
	if (strchr(s, '\r')) {
		snprintf(reason, room,
			 "a carriage return (byte \\x0d): the file has CRLF line ends");
		return -1;
	}
	for (;;) {
		s += strspn(s, " \t");
		if (!*s || *s == '#')
			break;
		if (n == 3) {
			snprintf(reason, room,
				 "more than 3 fields (REGEX [TYPE] LABEL)");
			return -1;
		}
		field[n++] = s;
		s += strcspn(s, " \t");
		if (*s)
			*s++ = '\0';
	}
	if (n == 0)
		return 1;
	if (n == 1) {
		snprintf(reason, room, "one field, not REGEX [TYPE] LABEL");
		return -1;
	}
	memset(e, 0, sizeof(*e));
	if (n == 3) {
		for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
			if (!strcmp(field[1], types[i].flag))
				e->type = types[i].type;
		if (!e->type) {
			snprintf(reason, room,
				 "unknown file type '%s' (one of --, -d, -l, -c, -b, -s, -p)",
				 field[1]);
			return -1;
		}
	}
	if (strcmp(field[n - 1], FC_NONE) &&
	    check_label(field[n - 1], reason, room))
		return -1;
	/* Anchored: the expression matches the whole path. */
	regex = malloc(strlen(field[0]) + 5);
	if (!regex) {
		snprintf(reason, room, "out of memory");
		return -1;
	}
	sprintf(regex, "^(%s)$", field[0]);
	err = regcomp(&e->re, regex, REG_EXTENDED | REG_NOSUB);
	free(regex);
	if (err) {
		char why[128];

		regerror(err, &e->re, why, sizeof(why));
		snprintf(reason, room, "invalid regular expression '%s': %s",
			 field[0], why);
		return -1;
	}
	e->label = strdup(field[n - 1]);
	if (!e->label || set_stem(e, field[0])) {
		regfree(&e->re);
		free(e->label);
		snprintf(reason, room, "out of memory");
		return -1;
	}
	return 0;
}

int fc_parse(const char *text, size_t size, struct fc_spec *spec,
	     unsigned int *line, char *reason, size_t room)
{
	struct fc_spec s = { NULL, 0 };
	size_t room_e = 0, start = 0, end;
	char *buf;
	int r;

	*line = 0;
	while (start < size) {
		const char *nl = memchr(text + start, '\n', size - start);

		end = nl ? (size_t)(nl - text) : size;
		++*line;
		if (memchr(text + start, '\0', end - start)) {
			snprintf(reason, room, "a NUL byte");
			goto fail;
		}
		if (s.n == room_e) {
			struct fc_entry *e;

			room_e = room_e ? 2 * room_e : 64;
			e = realloc(s.entries, room_e * sizeof(*e));
			if (!e) {
				snprintf(reason, room, "out of memory");
				goto fail;
			}
			s.entries = e;
		}
		buf = strndup(text + start, end - start);
		if (!buf) {
			snprintf(reason, room, "out of memory");
			goto fail;
		}
		r = parse_line(buf, &s.entries[s.n], reason, room);
		free(buf);
		if (r < 0)
			goto fail;
		if (r == 0)
			s.entries[s.n++].line = *line;
		start = end + 1;
	}
	*line = 0;
	*spec = s;
	return 0;
fail:
	fc_free(&s);
	return -1;
}

const struct fc_entry *fc_lookup(const struct fc_spec *spec, const char *path,
				 mode_t mode)
{
	size_t i = spec->n;
	const struct fc_entry *e;

	while (i-- > 0) {
		e = &spec->entries[i];
		if (e->type && mode && e->type != (mode & S_IFMT))
			continue;
		if (strncmp(path, e->stem, e->stem_len))
			continue;
		if (e->whole ? !path[e->stem_len] :
		    regexec(&e->re, path, 0, NULL, 0) == 0)
			return e;
	}
	return NULL;
}

void fc_free(struct fc_spec *spec)
{
	size_t i;

	for (i = 0; i < spec->n; i++) {
		regfree(&spec->entries[i].re);
		free(spec->entries[i].label);
		free(spec->entries[i].stem);
	}
	free(spec->entries);
	spec->entries = NULL;
	spec->n = 0;
}
