/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ensure that file-contexts specifications (sigil-file-contexts(5)) are
 * read as documented: anchored extended expressions, optional file types,
 * the last matching entry winning, <<none>>, and every error named with
 * its line.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "file-contexts.h"
#include "../tap.h"

static const char spec_text[] =
	"# comment\n"
	"\n"
	"/.*                     <<none>>\n"
	"/srv/www(/.*)?          web_t   # trailing comment\n"
	"/srv/www/keys(/.*)?     key_t\n"
	"/srv/www/keys   -d      keydir_t\n"
	"/srv/www/link   -l      link_t\n"
	"/srv/www/pipe\t-p\tpipe_t\n"
	"/usr/s?bin/httpd  --  exec_t\n";

/*
 * Expressions whose literal beginnings a lookup compares before it runs
 * them (their stems): a quantifier, an alternation, a bracket or an
 * escape right after the literal text, and expressions that are
 * nothing but literal text.
 */
static const char stem_text[] =
	"/.*                 any_t\n"
	"/usr/lib64?(/.*)?   lib_t\n"
	"/opt/ab*c           star_t\n"
	"/opt/x{0}y          brace_t\n"
	"/opt/p+q            plus_t\n"
	"/home|/export       home_t\n"
	"/dev/tty[0-9]       tty_t\n"
	"/etc/a\\.b          dot_t\n"
	"/etc/hosts          hosts_t\n"
	"/etc/hosts -d       hostsdir_t\n";

static const struct {
	const char *path, *label, *why;
} stem_cases[] = {
	{ "/usr/lib6/x.so", "lib_t", "? after the stem's last byte: /usr/lib64? matches /usr/lib6" },
	{ "/usr/lib64", "lib_t", "and /usr/lib64" },
	{ "/usr/lib/x.so", "any_t", "but not /usr/lib" },
	{ "/opt/ac", "star_t", "* after the stem's last byte: none of it" },
	{ "/opt/abbc", "star_t", "and many" },
	{ "/opt/y", "brace_t", "{0} after the stem's last byte" },
	{ "/opt/ppq", "plus_t", "+ after the stem's last byte" },
	{ "/opt/q", "any_t", "+ needs one" },
	{ "/export", "home_t", "the second branch of an alternation" },
	{ "/home", "home_t", "and the first" },
	{ "/dev/tty7", "tty_t", "a bracket after the stem" },
	{ "/dev/tty", "any_t", "which needs its byte" },
	{ "/etc/a.b", "dot_t", "an escaped dot" },
	{ "/etc/aXb", "any_t", "matches a dot only" },
	{ "/etc/hosts", "hosts_t", "an expression of literal text alone matches it" },
	{ "/etc/hosts2", "any_t", "and nothing longer" },
	{ "/etc/host", "any_t", "or shorter" },
};

static const char *label_of(const struct fc_spec *spec, const char *path,
			    mode_t mode)
{
	const struct fc_entry *e = fc_lookup(spec, path, mode);

	return e ? e->label : "(no match)";
}

static const struct {
	const char *desc, *text, *reason;
	unsigned int line;
} bad[] = {
	{ "invalid expression", "/a fine_t\n/b( x_t\n",
	  "invalid regular expression '/b(': ", 2 },
	{ "unknown type", "/a -x a_t\n", "unknown file type '-x' (one of --, -d, -l, -c, -b, -s, -p)", 1 },
	{ "one field", "/a\n", "one field, not REGEX [TYPE] LABEL", 1 },
	{ "four fields", "/a -- a_t b_t\n", "more than 3 fields (REGEX [TYPE] LABEL)", 1 },
	{ "control byte in the label", "/a a\001_t\n", "invalid label 'a\001_t' (byte \\x01 is not printable ASCII)", 1 },
	{ "NUL byte", "/a a_t\n/b\0 b_t\n", "a NUL byte", 2 },
	{ "CRLF line ends, refused as policies refuse them", "/a a_t\r\n/b b_t\r\n",
	  "a carriage return (byte \\x0d): the file has CRLF line ends", 1 },
};

int main(void)
{
	char reason[256], longlabel[300];
	struct fc_spec spec;
	unsigned int line;
	size_t i;

	plan(18 + 2 * (int)(sizeof(bad) / sizeof(bad[0])) + 2 + 2 +
	     (int)(sizeof(stem_cases) / sizeof(stem_cases[0])));

	is_int(0, fc_parse(spec_text, sizeof(spec_text) - 1, &spec, &line,
			   reason, sizeof(reason)), "a valid specification is read");
	is_int(7, (long long)spec.n, "seven entries, comments and blank lines skipped");
	is_str("web_t", label_of(&spec, "/srv/www/index.html", S_IFREG),
	       "a file below a tree entry");
	is_str("web_t", label_of(&spec, "/srv/www", S_IFDIR),
	       "(/.*)? matches the directory itself");
	is_str("<<none>>", label_of(&spec, "/srv/wwwx", S_IFREG),
	       "anchored: /srv/www(/.*)? does not match /srv/wwwx");
	is_str("<<none>>", label_of(&spec, "/etc/passwd", S_IFREG),
	       "<<none>> for what the general entry matches");
	is_str("key_t", label_of(&spec, "/srv/www/keys/a.pem", S_IFREG),
	       "the last match wins: the later, narrower entry");
	is_str("keydir_t", label_of(&spec, "/srv/www/keys", S_IFDIR),
	       "-d applies to the directory");
	is_str("key_t", label_of(&spec, "/srv/www/keys", S_IFREG),
	       "-d does not apply to a regular file of that name");
	is_str("link_t", label_of(&spec, "/srv/www/link", S_IFLNK),
	       "-l applies to a symbolic link");
	is_str("web_t", label_of(&spec, "/srv/www/link", S_IFREG),
	       "-l does not apply to a regular file");
	is_str("pipe_t", label_of(&spec, "/srv/www/pipe", S_IFIFO),
	       "tabs separate fields; -p for a fifo");
	is_str("exec_t", label_of(&spec, "/usr/sbin/httpd", S_IFREG),
	       "an expression with ?");
	is_str("exec_t", label_of(&spec, "/usr/bin/httpd", S_IFREG),
	       "the same expression's other match");
	is_str("<<none>>", label_of(&spec, "/usr/sbin/httpd", S_IFDIR),
	       "-- does not apply to a directory");
	is_str("keydir_t", label_of(&spec, "/srv/www/keys", 0),
	       "a file that does not exist matches entries of any type");
	fc_free(&spec);

	is_int(0, fc_parse(stem_text, sizeof(stem_text) - 1, &spec, &line,
			   reason, sizeof(reason)), "the specification of stems is read");
	for (i = 0; i < sizeof(stem_cases) / sizeof(stem_cases[0]); i++)
		is_str(stem_cases[i].label,
		       label_of(&spec, stem_cases[i].path, S_IFREG),
		       "%s: %s", stem_cases[i].path, stem_cases[i].why);
	is_str("hostsdir_t", label_of(&spec, "/etc/hosts", S_IFDIR),
	       "a literal entry of a type applies to that type");
	fc_free(&spec);

	is_int(0, fc_parse("", 0, &spec, &line, reason, sizeof(reason)),
	       "an empty specification is valid");
	is_str("(no match)", label_of(&spec, "/x", S_IFREG), "and matches nothing");
	fc_free(&spec);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t len = strlen(bad[i].text);

		if (!strcmp(bad[i].desc, "NUL byte"))
			len = 16;
		reason[0] = '\0';
		is_int(-1, fc_parse(bad[i].text, len, &spec, &line, reason,
				    sizeof(reason)), "%s: refused", bad[i].desc);
		ok(line == bad[i].line && !strncmp(reason, bad[i].reason, strlen(bad[i].reason)),
		   "%s: line %u, '%s'", bad[i].desc, bad[i].line, bad[i].reason);
		if (line != bad[i].line || strncmp(reason, bad[i].reason, strlen(bad[i].reason)))
			printf("# saw line %u, '%s'\n", line, reason);
	}
	memset(longlabel, 'x', sizeof(longlabel));
	memcpy(longlabel, "/a ", 3);
	longlabel[3 + 256] = '\n';
	is_int(-1, fc_parse(longlabel, 3 + 257, &spec, &line, reason, sizeof(reason)),
	       "a label of 256 bytes is refused");
	is_str("label of 256 bytes, over 255", reason, "and the reason says why");
	return done_testing();
}
