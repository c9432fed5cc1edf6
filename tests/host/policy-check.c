/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ensure that sigilctl check accepts and rejects what the kernel's policy
 * parser does (the cases of the kernel's KUnit suite sigil_policy), with
 * the same line numbers and reasons.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy-check.h"
#include "../tap.h"

#define X64 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"

static const struct {
	const char *desc, *text;
	long rules;		/* -1: rejected */
	unsigned int line;
	const char *reason;
} cases[] = {
	{ "empty", "", 0, 0, NULL },
	{ "comments and blank lines", "# a policy\n\n   \t\n# end\n", 0, 0, NULL },
	{ "every kind of rule",
	  "allow user_t etc_t r\ntransition kernel user_t\n"
	  "entrypoint user_t bin_t\ndyntransition user_t other_t\n"
	  "fscreate user_t tmp_t\nrelabel admin_t tmp_t etc_t\n"
	  "unconfined kernel\n", 7, 0, NULL },
	{ "tabs and a trailing comment", "allow\ta_t\tb_t\trw # why\n", 1, 0, NULL },
	{ "no final newline", "unconfined kernel", 1, 0, NULL },
	{ "unknown rule", "unconfined kernel\nalow a_t b_t r\n", -1, 2,
	  "unknown rule 'alow'" },
	{ "too few fields", "allow a_t b_t\n", -1, 1, "'allow' takes 3 fields, not 2" },
	{ "too many fields", "transition a_t b_t c_t\n", -1, 1,
	  "'transition' takes 2 fields, not 3" },
	{ "far too many fields", "allow a b c d e f g\n", -1, 1, "too many fields" },
	{ "unknown permission", "allow a_t b_t rq\n", -1, 1,
	  "invalid permissions 'rq' (one or more of r, w, x, a, c, once each)" },
	{ "repeated permission", "allow a_t b_t rr\n", -1, 1,
	  "invalid permissions 'rr' (one or more of r, w, x, a, c, once each)" },
	{ "label too long", "unconfined " X64 X64 X64 X64 "\n", -1, 1,
	  "invalid label 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (256 bytes, more than 255)" },
	{ "control byte in a label", "unconfined a\x01\n", -1, 1,
	  "invalid label 'a\\x01' (byte \\x01 is not printable ASCII)" },
	{ "CRLF line end names the label", "unconfined kernel\r\n", -1, 1,
	  "invalid label 'kernel\\x0d' (byte \\x0d is not printable ASCII)" },
	{ "CRLF in the second label", "transition kernel app_t\r\n", -1, 1,
	  "invalid label 'app_t\\x0d' (byte \\x0d is not printable ASCII)" },
	{ "DEL names the label", "allow a_t b\x7f_t r\n", -1, 1,
	  "invalid label 'b\\x7f_t' (byte \\x7f is not printable ASCII)" },
	{ "UTF-8 names the label", "unconfined caf\xc3\xa9\n", -1, 1,
	  "invalid label 'caf\\xc3\\xa9' (byte \\xc3 is not printable ASCII)" },
	{ "quote and backslash are escaped", "unconfined a'\\\x01\n", -1, 1,
	  "invalid label 'a\\x27\\x5c\\x01' (byte \\x27 is not a letter, a digit or one of _-.:+@/)" },
	{ "a double quote cannot end a label's audit field", "unconfined a\"b\n", -1, 1,
	  "invalid label 'a\"b' (byte \\x22 is not a letter, a digit or one of _-.:+@/)" },
	{ "an equals sign cannot forge an audit field", "allow a_t b=c r\n", -1, 1,
	  "invalid label 'b=c' (byte \\x3d is not a letter, a digit or one of _-.:+@/)" },
	{ "SELinux-style context is a label", "unconfined system_u:object_r:x_t:s0\n", 1, 0, 0 },
	{ "control bytes escaped in a rule word", "al\x1bow a b r\n", -1, 1,
	  "unknown rule 'al\\x1bow'" },
	{ "CRLF after permissions", "allow a_t b_t r\r\n", -1, 1,
	  "invalid permissions 'r\\x0d' (one or more of r, w, x, a, c, once each)" },
	{ "every new kind of rule",
	  "process a_t b_t rtsm\ncapability a_t sys_admin\n"
	  "capability a_t mknod\npolicy a_t ler\n"
	  "nnptransition a_t b_t\nnosuidtransition a_t b_t\n", 6, 0, NULL },
	{ "unknown process permission", "process a_t b_t rw\n", -1, 1,
	  "invalid permissions 'rw' (one or more of r, t, s, m, once each)" },
	{ "unknown policy permission", "policy a_t lx\n", -1, 1,
	  "invalid permissions 'lx' (one or more of l, e, r, once each)" },
	{ "unknown capability", "capability a_t CAP_SYS_ADMIN\n", -1, 1,
	  "unknown capability 'CAP_SYS_ADMIN' (a name of capabilities(7), lower case, without cap_)" },
	{ "capability takes one name", "capability a_t chown kill\n", -1, 1,
	  "'capability' takes 2 fields, not 3" },
	{ "socket rules, one family each",
	  "socket a_t unix\nsocket a_t inet\nsocket a_t inet6\n"
	  "socket a_t unix\nsocket b_t mctp\n", 4, 0, NULL },
	{ "unknown address family", "socket a_t AF_INET\n", -1, 1,
	  "unknown address family 'AF_INET' (an address family of address_families(7), lower case, without af_)" },
	{ "AF_UNSPEC names no socket", "socket a_t unspec\n", -1, 1,
	  "unknown address family 'unspec' (an address family of address_families(7), lower case, without af_)" },
	{ "socket takes one family", "socket a_t unix inet\n", -1, 1,
	  "'socket' takes 2 fields, not 3" },
	{ "exec, create and newfiles rules",
	  "exec kernel httpd_exec_t httpd_t\nexec kernel cron_exec_t cron_t\n"
	  "create httpd_t log_t httpd_log_t\nnewfiles creator\n"
	  "exec kernel httpd_exec_t httpd_t\nnewfiles creator\n"
	  "allow httpd_t httpd_log_t w\n", 5, 0, NULL },
	{ "create rules that name the file",
	  "allow a_t f_t w\nallow a_t g_t w\ncreate a_t d_t f_t\n"
	  "create a_t d_t g_t ld.so.preload\ncreate a_t d_t g_t passwd\n"
	  "create a_t d_t g_t passwd\ncreate a_t d_t a_t .passwd.lock\n",
	  6, 0, NULL },
	{ "a second create rule for a name",
	  "allow a_t f_t w\nallow a_t g_t w\ncreate a_t d_t f_t n\n"
	  "create a_t d_t g_t m\ncreate a_t d_t g_t n\n", -1, 5,
	  "a second create rule for 'a_t' 'd_t' 'n': 'f_t' before, 'g_t' here" },
	{ "a create rule gives a label its subject may not write",
	  "allow a_t f_t rc\ncreate a_t d_t f_t\n", -1, 2,
	  "'create a_t d_t f_t' labels files that 'a_t' may not write: it needs 'allow a_t f_t w'" },
	{ "a named create rule gives a label its subject may not write",
	  "create a_t d_t f_t ld.so.preload\n", -1, 1,
	  "'create a_t d_t f_t ld.so.preload' labels files that 'a_t' may not write: it needs 'allow a_t f_t w'" },
	{ "an unconfined subject may create any label",
	  "unconfined a_t\ncreate a_t d_t f_t\ncreate a_t d_t g_t x\n", 3, 0,
	  NULL },
	{ "create names no file '.'", "create a_t d_t a_t .\n", -1, 1,
	  "file name '.' names no new file" },
	{ "create names no file '..'", "create a_t d_t a_t ..\n", -1, 1,
	  "file name '..' names no new file" },
	{ "create names one component", "create a_t d_t a_t etc/passwd\n",
	  -1, 1,
	  "invalid file name 'etc/passwd' (byte \\x2f: a name is one component of a path, in printable ASCII)" },
	{ "create takes 3 or 4 fields", "create a_t d_t\n", -1, 1,
	  "'create' takes 3 fields, or 4 with a file name, not 2" },
	{ "create names a file of at most 255 bytes",
	  "create a_t d_t a_t " X64 X64 X64 X64 "\n", -1, 1,
	  "file name '" "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" "...' is longer than 255 bytes" },
	{ "an assertion sees create rules that name the file",
	  "allow a_t x_t w\ncreate a_t etc_t x_t ld.so.preload\n"
	  "never create * etc_t x_t\n", -1, 3,
	  "'never create * etc_t x_t' is broken by 'create a_t etc_t x_t ld.so.preload'" },
	{ "a second exec rule for a pair",
	  "exec a_t x_t b_t\nexec a_t y_t b_t\nexec a_t x_t c_t\n", -1, 3,
	  "a second exec rule for 'a_t' 'x_t': 'b_t' before, 'c_t' here" },
	{ "a second create rule for a pair",
	  "create a_t d_t f_t\n\ncreate a_t d_t g_t\n", -1, 3,
	  "a second create rule for 'a_t' 'd_t': 'f_t' before, 'g_t' here" },
	{ "newfiles both ways", "newfiles parent\nnewfiles creator\n", -1, 2,
	  "a second newfiles rule: 'parent' before, 'creator' here" },
	{ "fslabels rules", "fslabels fuse xattr\nfslabels 9p genfs\n"
	  "fslabels fuse xattr\n", 2, 0, NULL },
	{ "fslabels both ways", "fslabels fuse genfs\nfslabels fuse xattr\n",
	  -1, 2, "a second fslabels rule for 'fuse': 'genfs' before, 'xattr' here" },
	{ "fslabels of an unknown kind", "fslabels fuse disk\n", -1, 1,
	  "unknown source of a file system's labels 'disk' (xattr or genfs)" },
	{ "newfiles of an unknown kind", "newfiles child\n", -1, 1,
	  "unknown source of new files' labels 'child' (parent or creator)" },
	{ "exec with two labels", "exec a_t b_t\n", -1, 1,
	  "'exec' takes 3 fields, not 2" },
	{ "entrypoint without a transition", "entrypoint user_t bin_t\n", -1, 1,
	  "entrypoint for 'user_t', but no transition rule leads to it" },
	{ "entrypoint without a transition: its first rule's line",
	  "# z\nentrypoint a_t x_t\ntransition k_t a_t\n  entrypoint\tz_t y_t\n"
	  "entrypoint z_t w_t\n", -1, 4,
	  "entrypoint for 'z_t', but no transition rule leads to it" },
	{ "genfs rules", "genfs proc / proc_t\ngenfs proc /sys sysctl_t\n"
	  "genfs devtmpfs /null null_t\n", 3, 0, NULL },
	{ "genfs path not absolute", "genfs proc sys sysctl_t\n", -1, 1,
	  "invalid genfs path 'sys' (absolute, without '//' or a trailing '/')" },
	{ "genfs path with a trailing slash", "genfs proc /sys/ sysctl_t\n", -1, 1,
	  "invalid genfs path '/sys/' (absolute, without '//' or a trailing '/')" },
	{ "genfs path with an empty component", "genfs proc /sys//kernel k_t\n",
	  -1, 1,
	  "invalid genfs path '/sys//kernel' (absolute, without '//' or a trailing '/')" },
	{ "genfs root path", "genfs debugfs / debug_t\n", 1, 0, NULL },
	{ "genfs path labelled twice",
	  "genfs proc /sys a_t\n\ngenfs proc /sys b_t\n", -1, 3,
	  "genfs proc /sys labelled both 'a_t' and 'b_t'" },
	{ "genfs takes three fields", "genfs proc /sys\n", -1, 1,
	  "'genfs' takes 3 fields, not 2" },
	{ "genfs label checked", "genfs proc /sys a\x01\n", -1, 1,
	  "invalid label 'a\\x01' (byte \\x01 is not printable ASCII)" },
	{ "repeated rules count once, as in the kernel",
	  "unconfined a\nunconfined a\nallow a b r\nallow a b w\n"
	  "capability a chown\ncapability a chown\ncapability a kill\n"
	  "genfs proc / p_t\ngenfs proc / p_t\n", 5, 0, NULL },
};

/* Rules, not lines, count toward the limit; one rule too many is refused. */
static void big_policies(void)
{
	const size_t blank = 10u << 20;
	char reason[256], *text;
	unsigned int line;
	size_t i, n;
	long r;

	text = malloc(blank + SIGIL_POLICY_MAX_RULES * 14 + 64);
	if (!text)
		abort();
	memset(text, '\n', blank);
	n = blank;
	n += (size_t)sprintf(text + n, "unconfined kernel\n");
	r = policy_check(text, n, &line, reason, sizeof(reason));
	is_int(1, r, "10 MiB of blank lines and one rule: one rule");
	n = 0;
	for (i = 0; i < SIGIL_POLICY_MAX_RULES; i++)
		n += (size_t)sprintf(text + n, "# c\nunconfined a\n");
	r = policy_check(text, n, &line, reason, sizeof(reason));
	/* The limit is on rule lines; one rule repeated counts once. */
	is_int(1, r, "exactly the rule limit of rule lines is accepted");
	n += (size_t)sprintf(text + n, "\nunconfined b\n");
	r = policy_check(text, n, &line, reason, sizeof(reason));
	is_int(-1, r, "one rule over the limit is refused");
	is_int(SIGIL_POLICY_MAX_RULES * 2 + 2, line,
	       "the line of the first rule over the limit");
	is_str("more than 1048576 rules", reason, "the reason names the limit");
	r = policy_check(text, n - 1, &line, reason, sizeof(reason));
	is_int(-1, r, "the limit holds without a final newline");
	/* A line naming attributes stands for at most 65,536 rules. */
	n = (size_t)sprintf(text, "attribute s\nattribute o\nallow s o r\n");
	for (i = 0; i < 256; i++)
		n += (size_t)sprintf(text + n, "member s%zu s\nmember o%zu o\n",
				     i, i);
	r = policy_check(text, n, &line, reason, sizeof(reason));
	is_int(2 + 512 + 65536, r,
	       "256 by 256 members: one rule for each pair, the most a line may stand for");
	n += (size_t)sprintf(text + n, "member s256 s\n");
	r = policy_check(text, n, &line, reason, sizeof(reason));
	is_str("the attributes of this rule make 65792 rules of it (more than 65536)",
	       reason, "257 by 256 members: refused, naming the count");
	is_int(3, line, "the line of the rule that names the attributes");
	free(text);
}

int main(void)
{
	unsigned int line, i;
	char reason[256];
	long r;

	plan((int)(sizeof(cases) / sizeof(cases[0])) * 2 + 1 + 9);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		reason[0] = '\0';
		line = 99;
		r = policy_check(cases[i].text, strlen(cases[i].text), &line,
				 reason, sizeof(reason));
		is_int(cases[i].rules, r, "%s: rule count or rejection", cases[i].desc);
		if (cases[i].rules >= 0)
			is_int(0, line, "%s: no line at fault", cases[i].desc);
		else if (cases[i].reason)
			is_str(cases[i].reason, reason, "%s: reason", cases[i].desc);
		else
			is_int(cases[i].line, line, "%s: line", cases[i].desc);
	}
	r = policy_check("unconfined a\0b\n", 15, &line, reason, sizeof(reason));
	is_int(-1, r, "a NUL byte rejects the policy");
	big_policies();
	return done_testing();
}
