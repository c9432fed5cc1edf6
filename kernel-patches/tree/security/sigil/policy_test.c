// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - KUnit tests for the policy parser
 *
 * Copyright © 2026 The Sigil authors
 */

#include <kunit/test.h>
#include <linux/bitops.h>
#include <linux/capability.h>
#include <linux/err.h>
#include <linux/socket.h>

#include "label.h"
#include "policy.h"

#define X64 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"

struct policy_case {
	const char *desc;
	const char *text;
	int expected;		/* 0, -EINVAL */
	unsigned int line;	/* the line reported, for -EINVAL */
	unsigned int rules;	/* the rules counted, for 0 */
	const char *reason;	/* the reason given, for -EINVAL, if set */
};

static const struct policy_case policy_cases[] = {
	{ "empty", "", 0, 0, 0 },
	{ "comments and blank lines", "# a policy\n\n   \t\n# end\n", 0, 0, 0 },
	{ "every kind of rule",
	  "allow user_t etc_t r\ntransition kernel user_t\n"
	  "entrypoint user_t bin_t\ndyntransition user_t other_t\n"
	  "fscreate user_t tmp_t\nrelabel admin_t tmp_t etc_t\n"
	  "unconfined kernel\n", 0, 0, 7 },
	{ "tabs and a trailing comment", "allow\ta_t\tb_t\trw # why\n", 0, 0, 1 },
	{ "allow rules for one pair merge", "allow a_t b_t r\nallow a_t b_t w\n",
	  0, 0, 1 },
	{ "all permissions", "allow a_t b_t cawxr\n", 0, 0, 1 },
	{ "no final newline", "unconfined kernel", 0, 0, 1 },
	{ "unknown rule", "unconfined kernel\nalow a_t b_t r\n", -EINVAL, 2, 0 },
	{ "too few fields", "allow a_t b_t\n", -EINVAL, 1, 0 },
	{ "too many fields", "transition a_t b_t c_t\n", -EINVAL, 1, 0 },
	{ "far too many fields", "allow a b c d e f g\n", -EINVAL, 1, 0 },
	{ "unknown permission", "allow a_t b_t rq\n", -EINVAL, 1, 0 },
	{ "repeated permission", "allow a_t b_t rr\n", -EINVAL, 1, 0 },
	{ "uppercase permission", "allow a_t b_t R\n", -EINVAL, 1, 0 },
	{ "label too long", "unconfined " X64 X64 X64 X64 "\n", -EINVAL, 1, 0 },
	{ "control byte in a label", "unconfined a\x01\n", -EINVAL, 1, 0,
	  "invalid label 'a\\x01' (byte \\x01 is not printable ASCII)" },
	{ "CRLF names the label, not the keyword", "unconfined kernel\r\n",
	  -EINVAL, 1, 0,
	  "invalid label 'kernel\\x0d' (byte \\x0d is not printable ASCII)" },
	{ "CRLF in the second label", "allow a_t b_t r\nfscreate a_t b_t\r\n",
	  -EINVAL, 2, 0,
	  "invalid label 'b_t\\x0d' (byte \\x0d is not printable ASCII)" },
	{ "DEL names the label", "relabel a_t b\x7f c_t\n", -EINVAL, 1, 0,
	  "invalid label 'b\\x7f' (byte \\x7f is not printable ASCII)" },
	{ "UTF-8 names the label", "unconfined caf\xc3\xa9\n", -EINVAL, 1, 0,
	  "invalid label 'caf\\xc3\\xa9' (byte \\xc3 is not printable ASCII)" },
	{ "a quote names the label", "allow a_t b'c r\n", -EINVAL, 1, 0,
	  "invalid label 'b\\x27c' (byte \\x27 is not a letter, a digit or one of _-.:+@/)" },
	{ "an equals sign names the label", "unconfined a=b\n", -EINVAL, 1, 0,
	  "invalid label 'a=b' (byte \\x3d is not a letter, a digit or one of _-.:+@/)" },
	{ "a long label is shown cut", "unconfined " X64 X64 X64 X64 "\n",
	  -EINVAL, 1, 0,
	  "invalid label 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (256 bytes, more than 255)" },
	{ "control bytes escaped in a rule word", "al\x1bow a b r\n", -EINVAL, 1,
	  0, "unknown rule 'al\\x1bow'" },
	{ "blank lines before a rule", "\n\n\n\n\n\n\n\n\nunconfined kernel\n", 0, 0, 1 },
	{ "entrypoint rules for one label",
	  "transition a_t b_t\nentrypoint b_t x_t\nentrypoint b_t y_t\n"
	  "entrypoint\tb_t z_t\n", 0, 0, 4 },
	{ "NUL byte", "unconfined a\0b\n", -EINVAL, 1, 0 },
	{ "exec, create and newfiles rules",
	  "exec kernel httpd_exec_t httpd_t\nexec kernel cron_exec_t cron_t\n"
	  "create httpd_t log_t httpd_log_t\nnewfiles creator\n"
	  "exec kernel httpd_exec_t httpd_t\nnewfiles creator\n"
	  "allow httpd_t httpd_log_t w\n", 0, 0, 5 },
	{ "create rules that name the file",
	  "allow a_t f_t w\nallow a_t g_t w\ncreate a_t d_t f_t\n"
	  "create a_t d_t g_t ld.so.preload\ncreate a_t d_t g_t passwd\n"
	  "create a_t d_t g_t passwd\ncreate a_t d_t a_t .passwd.lock\n",
	  0, 0, 6 },
	{ "a second create rule for a name",
	  "allow a_t f_t w\nallow a_t g_t w\ncreate a_t d_t f_t n\n"
	  "create a_t d_t g_t m\ncreate a_t d_t g_t n\n", -EINVAL, 5, 0,
	  "a second create rule for 'a_t' 'd_t' 'n': 'f_t' before, 'g_t' here" },
	{ "a create rule gives a label its subject may not write",
	  "allow a_t f_t rc\ncreate a_t d_t f_t\n", -EINVAL, 2, 0,
	  "'create a_t d_t f_t' labels files that 'a_t' may not write: it needs 'allow a_t f_t w'"
	},
	{ "a named create rule gives a label its subject may not write",
	  "create a_t d_t f_t ld.so.preload\n", -EINVAL, 1, 0,
	  "'create a_t d_t f_t ld.so.preload' labels files that 'a_t' may not write: it needs 'allow a_t f_t w'"
	},
	{ "an unconfined subject may create any label",
	  "unconfined a_t\ncreate a_t d_t f_t\ncreate a_t d_t g_t x\n", 0, 0,
	  3 },
	{ "create names no file '.'", "create a_t d_t a_t .\n", -EINVAL, 1, 0,
	  "file name '.' names no new file" },
	{ "create names no file '..'", "create a_t d_t a_t ..\n", -EINVAL, 1,
	  0, "file name '..' names no new file" },
	{ "create names one component", "create a_t d_t a_t etc/passwd\n",
	  -EINVAL, 1, 0,
	  "invalid file name 'etc/passwd' (byte \\x2f: a name is one component of a path, in printable ASCII)"
	},
	{ "create takes 3 or 4 fields", "create a_t d_t\n", -EINVAL, 1, 0,
	  "'create' takes 3 fields, or 4 with a file name, not 2" },
	{ "create names a file of at most 255 bytes",
	  "create a_t d_t a_t " X64 X64 X64 X64 "\n", -EINVAL, 1, 0,
	  "file name 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' is longer than 255 bytes"
	},
	{ "an assertion sees create rules that name the file",
	  "allow a_t x_t w\ncreate a_t etc_t x_t ld.so.preload\n"
	  "never create * etc_t x_t\n", -EINVAL, 3, 0,
	  "'never create * etc_t x_t' is broken by 'create a_t etc_t x_t ld.so.preload'" },
	{ "a second exec rule for a pair",
	  "exec a_t x_t b_t\nexec a_t y_t b_t\nexec a_t x_t c_t\n", -EINVAL, 3,
	  0, "a second exec rule for 'a_t' 'x_t': 'b_t' before, 'c_t' here" },
	{ "a second create rule for a pair",
	  "create a_t d_t f_t\n\ncreate a_t d_t g_t\n", -EINVAL, 3, 0,
	  "a second create rule for 'a_t' 'd_t': 'f_t' before, 'g_t' here" },
	{ "newfiles both ways", "newfiles parent\nnewfiles creator\n", -EINVAL,
	  2, 0, "a second newfiles rule: 'parent' before, 'creator' here" },
	{ "fslabels rules", "fslabels fuse xattr\nfslabels 9p genfs\n"
	  "fslabels fuse xattr\n", 0, 0, 2 },
	{ "fslabels both ways", "fslabels fuse genfs\nfslabels fuse xattr\n",
	  -EINVAL, 2, 0,
	  "a second fslabels rule for 'fuse': 'genfs' before, 'xattr' here" },
	{ "fslabels of an unknown kind", "fslabels fuse disk\n", -EINVAL, 1, 0,
	  "unknown source of a file system's labels 'disk' (xattr or genfs)" },
	{ "port rules, one per entry", "port tcp 80,443,8000-8099 web_t\n"
	  "port udp 53 dns_t\nnet a_t web_t bc\n", 0, 0, 5 },
	{ "port 0", "port tcp 0 a_t\n", -EINVAL, 1, 0,
	  "invalid ports '0' (ports 1 to 65535 and ranges LO-HI, separated by commas)" },
	{ "port above 65535", "port tcp 65536 a_t\n", -EINVAL, 1, 0 },
	{ "port range backwards", "port udp 90-80 a_t\n", -EINVAL, 1, 0 },
	{ "port list with an empty entry", "port udp 80,,90 a_t\n", -EINVAL,
	  1, 0 },
	{ "port list ending with a comma", "port udp 80, a_t\n", -EINVAL, 1, 0 },
	{ "port of an unknown protocol", "port dccp 80 a_t\n", -EINVAL, 1, 0,
	  "unknown protocol 'dccp' (tcp, udp or sctp)" },
	{ "port with two labels", "port tcp 80 a_t b_t\n", -EINVAL, 1, 0,
	  "'port' takes 3 fields, not 4" },
	{ "overlapping ports of one width",
	  "port tcp 80-89 a_t\nport udp 85-94 b_t\nport tcp 85-94 c_t\n",
	  -EINVAL, 3, 0,
	  "port tcp 80-89 (line 1, 'a_t') and port tcp 85-94 ('c_t') overlap with the same width: neither is more specific"
	},
	{ "one port, two labels", "port tcp 22 a_t\nport tcp 22 b_t\n",
	  -EINVAL, 2, 0 },
	{ "one port, one label, twice", "port tcp 22 a_t\nport tcp 22 a_t\n",
	  0, 0, 2 },
	{ "socket rule for smc", "socket a_t inet\nsocket a_t smc\n", -EINVAL, 2,
	  0,
	  "socket rules for 'smc' are refused: its sockets bind and connect through the kernel's own, which net rules do not see"
	},
	{ "attribute rules stand for their members' rules",
	  "allow daemon etc_t rx\nmember a_t daemon\nattribute daemon\n"
	  "member b_t daemon\ncapability daemon setuid\n", 0, 0, 7 },
	{ "attributes on both sides", "attribute s\nattribute o\n"
	  "member a_t s\nmember b_t s\nmember x_t o\nmember y_t o\n"
	  "allow s o r\n", 0, 0, 10 },
	{ "an attribute with no members gives nothing",
	  "attribute d\nallow d e_t r\n", 0, 0, 1 },
	{ "a member of an unknown attribute", "member a_t d\n", -EINVAL, 1, 0,
	  "unknown attribute 'd' (no 'attribute d' line)" },
	{ "attributes do not nest", "attribute d\nattribute e\nmember e d\n",
	  -EINVAL, 3, 0, "'e' is an attribute: attributes do not nest" },
	{ "a built-in label is no attribute", "attribute kernel\n", -EINVAL, 1,
	  0, "'kernel' is a built-in label, not an attribute" },
	{ "an exec rule gives one label", "attribute d\nmember a_t d\n"
	  "exec kernel f_t d\n", -EINVAL, 3, 0,
	  "'d' is an attribute, which label 3 of 'exec' may not be: it must name one label" },
	{ "an assertion over an attribute", "attribute d\nmember a_t d\n"
	  "member b_t d\nnever allow d s_t w\nallow b_t s_t rw\n", -EINVAL,
	  4, 0, "'never allow b_t s_t w' is broken by 'allow b_t s_t rw'" },
	{ "never dyntransition broken", "dyntransition a_t b_t\n"
	  "never dyntransition * b_t\n", -EINVAL, 2, 0,
	  "'never dyntransition * b_t' is broken by 'dyntransition a_t b_t'" },
	{ "never exec broken", "exec kernel f_t a_t\nnever exec * * a_t\n",
	  -EINVAL, 2, 0,
	  "'never exec * * a_t' is broken by 'exec kernel f_t a_t'" },
	{ "never exec of another target holds",
	  "exec kernel f_t a_t\nnever exec * f_t b_t\n", 0, 0, 1 },
	{ "a permissive label breaks an assertion that names it",
	  "permissive a_t\nnever allow a_t s_t w\n", -EINVAL, 2, 0,
	  "'never allow a_t s_t w' is broken by 'permissive a_t'" },
	{ "a permissive label is outside an assertion over *",
	  "permissive a_t\nnever allow * s_t w\n", 0, 0, 1 },
	{ "never unconfined broken", "unconfined a_t\nnever unconfined a_t\n",
	  -EINVAL, 2, 0, "'never unconfined a_t' is broken by 'unconfined a_t'" },
	{ "an unconfined label breaks never fscreate",
	  "unconfined a_t\nnever fscreate a_t s_t\n", -EINVAL, 2, 0,
	  "'never fscreate a_t s_t' is broken by 'unconfined a_t'" },
	{ "never relabel broken", "relabel a_t x_t y_t\n"
	  "never relabel a_t * y_t\n", -EINVAL, 2, 0,
	  "'never relabel a_t * y_t' is broken by 'relabel a_t x_t y_t'" },
	{ "never of a genfs rule", "never genfs proc / a_t\n", -EINVAL, 1, 0,
	  "'never' takes a rule that gives a right or a label, not 'genfs'" },
	{ "never reach broken by a chain", "transition a_t b_t\n"
	  "dyntransition b_t c_t\nnever reach a_t c_t\n", -EINVAL, 3, 0,
	  "'never reach a_t c_t' is broken by 'dyntransition b_t c_t', the last of a chain of 2" },
	{ "never reach holds", "transition a_t b_t\nnever reach b_t a_t\n",
	  0, 0, 1 },
	{ "never reach from any confined label", "unconfined kernel\n"
	  "transition kernel b_t\ntransition b_t c_t\nnever reach * kernel\n"
	  "never reach * c_t\n", -EINVAL, 5, 0,
	  "'never reach * c_t' is broken by 'transition b_t c_t', the last of a chain of 1" },
	{ "reach outside an assertion", "reach a_t b_t\n", -EINVAL, 1, 0,
	  "'reach' is an assertion only: never reach FROM TO" },
	{ "net of an unknown right", "net a_t b_t l\n", -EINVAL, 1, 0,
	  "invalid permissions 'l' (one or more of b, c, s, r, m, once each)" },
	{ "net assertion broken", "net a_t web_t c\nnever net * web_t bc\n",
	  -EINVAL, 2, 0,
	  "'never net * web_t bc' is broken by 'net a_t web_t c'" },
	{ "newfiles of an unknown kind", "newfiles child\n", -EINVAL, 1, 0,
	  "unknown source of new files' labels 'child' (parent or creator)" },
	{ "exec with two labels", "exec a_t b_t\n", -EINVAL, 1, 0,
	  "'exec' takes 3 fields, not 2" },
	{ "permissive labels and assertions that hold",
	  "permissive a_t\nallow a_t b_t r\ncapability a_t chown\n"
	  "never allow c_t b_t w\nnever allow * shadow_t w\n"
	  "never capability * sys_admin\nnever exec a_t * *\n"
	  "unconfined kernel\n", 0, 0, 4 },
	{ "a permissive label breaks the assertions that name it",
	  "permissive a_t\nallow a_t b_t r\nnever transition a_t *\n",
	  -EINVAL, 3, 0,
	  "'never transition a_t *' is broken by 'permissive a_t'" },
	{ "an assertion broken by an allow rule, with all its letters",
	  "allow a_t shadow_t r\nallow b_t shadow_t w\nallow a_t shadow_t w\n"
	  "never allow * shadow_t w\n", -EINVAL, 4, 0,
	  "'never allow * shadow_t w' is broken by 'allow a_t shadow_t rw' and 1 more" },
	{ "an assertion broken by a capability rule",
	  "capability a_t chown\ncapability a_t sys_admin\n"
	  "never capability a_t sys_admin\n", -EINVAL, 3, 0,
	  "'never capability a_t sys_admin' is broken by 'capability a_t sys_admin'" },
	{ "an assertion broken by an unconfined label it names",
	  "unconfined kernel\nnever allow kernel shadow_t w\n", -EINVAL, 2, 0,
	  "'never allow kernel shadow_t w' is broken by 'unconfined kernel'" },
	{ "the first broken assertion is reported",
	  "transition a_t b_t\nnever process a_t * t\nnever transition * b_t\n",
	  -EINVAL, 3, 0, "'never transition * b_t' is broken by 'transition a_t b_t'" },
	{ "never of a kind it cannot assert", "never newfiles creator\n",
	  -EINVAL, 1, 0,
	  "'never' takes a rule that gives a right or a label, not 'newfiles'"
	},
	{ "never alone", "never\n", -EINVAL, 1, 0, "'never' needs a rule after it" },
	{ "never with a field too few", "never allow a_t b_t\n", -EINVAL, 1, 0,
	  "'allow' takes 3 fields, not 2" },
	{ "every new kind of rule",
	  "process a_t b_t rtsm\ncapability a_t sys_admin\n"
	  "capability a_t mknod\ncapability a_t mknod\npolicy a_t ler\n"
	  "nnptransition a_t b_t\nnosuidtransition a_t b_t\n", 0, 0, 6 },
	{ "unknown process permission", "process a_t b_t rw\n", -EINVAL, 1, 0,
	  "invalid permissions 'rw' (one or more of r, t, s, m, once each)" },
	{ "unknown policy permission", "policy a_t lx\n", -EINVAL, 1, 0,
	  "invalid permissions 'lx' (one or more of l, e, r, once each)" },
	{ "unknown capability", "capability a_t CAP_SYS_ADMIN\n", -EINVAL, 1, 0,
	  "unknown capability 'CAP_SYS_ADMIN' (a name of capabilities(7), lower case, without cap_)"
	},
	{ "capability takes one name", "capability a_t chown kill\n", -EINVAL, 1, 0,
	  "'capability' takes 2 fields, not 3" },
	{ "socket rules, one family each",
	  "socket a_t unix\nsocket a_t inet\nsocket a_t inet6\n"
	  "socket a_t unix\nsocket b_t mctp\n", 0, 0, 4 },
	{ "unknown address family", "socket a_t AF_INET\n", -EINVAL, 1, 0,
	  "unknown address family 'AF_INET' (an address family of address_families(7), lower case, without af_)"
	},
	{ "AF_UNSPEC names no socket", "socket a_t unspec\n", -EINVAL, 1, 0 },
	{ "socket takes one family", "socket a_t unix inet\n", -EINVAL, 1, 0,
	  "'socket' takes 2 fields, not 3" },
	{ "entrypoint without a transition", "entrypoint user_t bin_t\n",
	  -EINVAL, 1, 0,
	  "entrypoint for 'user_t', but no transition rule leads to it" },
	{ "entrypoint without a transition: its first rule's line",
	  "# z\nentrypoint a_t x_t\ntransition k_t a_t\n  entrypoint\tz_t y_t\n"
	  "entrypoint z_t w_t\n", -EINVAL, 4, 0,
	  "entrypoint for 'z_t', but no transition rule leads to it" },
	{ "genfs rules", "genfs proc / proc_t\ngenfs proc /sys sysctl_t\n"
	  "genfs devtmpfs /null null_t\ngenfs proc /sys sysctl_t\n", 0, 0, 3 },
	{ "genfs path not absolute", "genfs proc sys sysctl_t\n", -EINVAL, 1,
	  0, "invalid genfs path 'sys' (absolute, without '//' or a trailing '/')" },
	{ "genfs path with a trailing slash", "genfs proc /sys/ sysctl_t\n",
	  -EINVAL, 1, 0 },
	{ "genfs path with an empty component", "genfs proc /sys//kernel k_t\n",
	  -EINVAL, 1, 0 },
	{ "genfs path labelled twice",
	  "genfs proc /sys a_t\n\ngenfs proc /sys b_t\n", -EINVAL, 3, 0,
	  "genfs proc /sys labelled both 'a_t' and 'b_t'" },
	{ "genfs takes three fields", "genfs proc /sys\n", -EINVAL, 1, 0,
	  "'genfs' takes 3 fields, not 2" },
};

static void policy_case_desc(const struct policy_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(policy, policy_cases, policy_case_desc);

static void test_policy_parse(struct kunit *const test)
{
	const struct policy_case *c = test->param_value;
	struct sigil_policy_error err = { 0 };
	struct sigil_policy *p;
	size_t size = strlen(c->text);

	/* The NUL case is the one with a NUL inside. */
	if (!strcmp(c->desc, "NUL byte"))
		size = sizeof("unconfined a\0b\n") - 1;
	p = sigil_policy_parse(c->text, size, &err);
	if (c->expected) {
		KUNIT_ASSERT_TRUE(test, IS_ERR(p));
		KUNIT_EXPECT_EQ(test, c->expected, PTR_ERR(p));
		KUNIT_EXPECT_EQ(test, c->line, err.line);
		KUNIT_EXPECT_NE(test, 0, (int)strlen(err.reason));
		if (c->reason)
			KUNIT_EXPECT_STREQ(test, c->reason, err.reason);
		return;
	}
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	KUNIT_EXPECT_EQ(test, c->rules, p->nrules);
	sigil_policy_free(p);
}

static void test_policy_lookup(struct kunit *const test)
{
	static const char text[] = "allow a_t b_t r\nallow a_t b_t wx\n"
				   "transition a_t c_t\nunconfined k_t\n"
				   "process a_t c_t ts\ncapability a_t sys_admin\n"
				   "capability a_t mknod\npolicy k_t lr\n"
				   "nnptransition a_t c_t\n";
	struct sigil_policy_error err;
	struct sigil_label *a, *b, *c, *k;
	struct sigil_policy *p;

	p = sigil_policy_parse(text, sizeof(text) - 1, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	a = sigil_label_intern("a_t", 3, GFP_KERNEL);
	b = sigil_label_intern("b_t", 3, GFP_KERNEL);
	c = sigil_label_intern("c_t", 3, GFP_KERNEL);
	k = sigil_label_intern("k_t", 3, GFP_KERNEL);
	KUNIT_EXPECT_EQ(test, SIGIL_PERM_READ | SIGIL_PERM_WRITE | SIGIL_PERM_EXEC,
			sigil_policy_perms(p, SIGIL_RULE_ALLOW, a, b));
	KUNIT_EXPECT_EQ(test, 0, sigil_policy_perms(p, SIGIL_RULE_ALLOW, b, a));
	KUNIT_EXPECT_EQ(test, SIGIL_PROC_TRACE | SIGIL_PROC_SIGNAL,
			sigil_policy_perms(p, SIGIL_RULE_PROCESS, a, c));
	KUNIT_EXPECT_EQ(test, BIT_ULL(CAP_SYS_ADMIN) | BIT_ULL(CAP_MKNOD),
			sigil_policy_perms(p, SIGIL_RULE_CAPABILITY, a, NULL));
	KUNIT_EXPECT_EQ(test, SIGIL_POLICY_LOAD | SIGIL_POLICY_READ,
			sigil_policy_perms(p, SIGIL_RULE_POLICY, k, NULL));
	KUNIT_EXPECT_TRUE(test, sigil_policy_has(p, SIGIL_RULE_NNP_TRANSITION, a, c, NULL));
	KUNIT_EXPECT_FALSE(test, sigil_policy_has(p, SIGIL_RULE_NOSUID_TRANSITION, a, c, NULL));
	KUNIT_EXPECT_TRUE(test, sigil_policy_has(p, SIGIL_RULE_TRANSITION, a, c, NULL));
	KUNIT_EXPECT_FALSE(test, sigil_policy_has(p, SIGIL_RULE_TRANSITION, c, a, NULL));
	KUNIT_EXPECT_TRUE(test, sigil_policy_has(p, SIGIL_RULE_UNCONFINED, k, NULL, NULL));
	KUNIT_EXPECT_FALSE(test, sigil_policy_has(p, SIGIL_RULE_UNCONFINED, a, NULL, NULL));
	sigil_label_put(a);
	sigil_label_put(b);
	sigil_label_put(c);
	sigil_label_put(k);
	sigil_policy_free(p);
}

static void test_entrypoints_narrow(struct kunit *const test)
{
	static const char text[] = "transition a_t b_t\ntransition a_t c_t\n"
				   "transition c_t b_t\nentrypoint b_t x_t\n"
				   "entrypoint b_t y_t\n";
	static const char text_any[] = "transition a_t b_t\n"
				       "entrypoint b_t x_t\nentrypoint b_t *\n";
	struct sigil_policy_error err;
	struct sigil_label *a, *b, *c;
	struct sigil_policy *p;

	p = sigil_policy_parse(text, sizeof(text) - 1, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	a = sigil_label_intern("a_t", 3, GFP_KERNEL);
	b = sigil_label_intern("b_t", 3, GFP_KERNEL);
	c = sigil_label_intern("c_t", 3, GFP_KERNEL);
	/* Both transitions into b_t are narrowed, the one into c_t not. */
	KUNIT_EXPECT_EQ(test, SIGIL_TRANSITION_RULE | SIGIL_TRANSITION_NARROW,
			sigil_policy_perms(p, SIGIL_RULE_TRANSITION, a, b));
	KUNIT_EXPECT_EQ(test, SIGIL_TRANSITION_RULE | SIGIL_TRANSITION_NARROW,
			sigil_policy_perms(p, SIGIL_RULE_TRANSITION, c, b));
	KUNIT_EXPECT_EQ(test, SIGIL_TRANSITION_RULE,
			sigil_policy_perms(p, SIGIL_RULE_TRANSITION, a, c));
	KUNIT_EXPECT_EQ(test, 0, sigil_policy_perms(p, SIGIL_RULE_TRANSITION, b, a));
	sigil_policy_free(p);
	/* "entrypoint TO *" says any program, and narrows nothing. */
	p = sigil_policy_parse(text_any, sizeof(text_any) - 1, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	KUNIT_EXPECT_EQ(test, SIGIL_TRANSITION_RULE,
			sigil_policy_perms(p, SIGIL_RULE_TRANSITION, a, b));
	sigil_label_put(a);
	sigil_label_put(b);
	sigil_label_put(c);
	sigil_policy_free(p);
}

static void test_exec_implies_entrypoint(struct kunit *const test)
{
	static const char text[] = "transition a_t b_t\nexec a_t x_t b_t\n";
	struct sigil_policy_error err;
	struct sigil_label *a, *b, *x;
	struct sigil_policy *p;

	p = sigil_policy_parse(text, sizeof(text) - 1, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	a = sigil_label_intern("a_t", 3, GFP_KERNEL);
	b = sigil_label_intern("b_t", 3, GFP_KERNEL);
	x = sigil_label_intern("x_t", 3, GFP_KERNEL);
	/*
	 * The transition into b_t is narrowed by the exec rule, whose file
	 * is an entry point for its own subject only: no entrypoint rule
	 * is added, for any subject.
	 */
	KUNIT_EXPECT_EQ(test, SIGIL_TRANSITION_RULE | SIGIL_TRANSITION_NARROW,
			sigil_policy_perms(p, SIGIL_RULE_TRANSITION, a, b));
	KUNIT_EXPECT_FALSE(test, sigil_policy_has(p, SIGIL_RULE_ENTRYPOINT, b,
						  x, NULL));
	KUNIT_EXPECT_EQ(test, 2, p->nrules);
	sigil_label_put(a);
	sigil_label_put(b);
	sigil_label_put(x);
	sigil_policy_free(p);
}

static void test_named_create(struct kunit *const test)
{
	static const char text[] = "allow a_t f_t w\nallow a_t g_t w\n"
				   "create a_t d_t f_t\n"
				   "create a_t d_t g_t ld.so.preload\n";
	struct sigil_policy_error err;
	struct sigil_label *a, *d, *name, *other;
	struct sigil_policy *p;

	p = sigil_policy_parse(text, sizeof(text) - 1, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	a = sigil_label_intern("a_t", 3, GFP_KERNEL);
	d = sigil_label_intern("d_t", 3, GFP_KERNEL);
	name = sigil_label_intern("ld.so.preload", 13, GFP_KERNEL);
	other = sigil_label_intern("passwd", 6, GFP_KERNEL);
	KUNIT_EXPECT_STREQ(test, "g_t",
			   sigil_policy_target(p, SIGIL_RULE_CREATE, a, d,
					       name)->str);
	KUNIT_EXPECT_STREQ(test, "f_t",
			   sigil_policy_target(p, SIGIL_RULE_CREATE, a, d,
					       other)->str);
	KUNIT_EXPECT_STREQ(test, "f_t",
			   sigil_policy_target(p, SIGIL_RULE_CREATE, a, d,
					       NULL)->str);
	KUNIT_EXPECT_PTR_EQ(test, NULL,
			    sigil_policy_target(p, SIGIL_RULE_CREATE, d, a,
						name));
	/* The interned name is the one a creation's name finds. */
	rcu_read_lock();
	KUNIT_EXPECT_PTR_EQ(test, (const struct sigil_label *)name,
			    sigil_label_peek("ld.so.preload", 13));
	rcu_read_unlock();
	sigil_label_put(a);
	sigil_label_put(d);
	sigil_label_put(name);
	sigil_label_put(other);
	sigil_policy_free(p);
}

static void test_rule_use(struct kunit *const test)
{
	static const char text[] = "allow a_t b_t r\nallow a_t c_t w\n"
				   "attribute at\nmember a_t at\n";
	struct sigil_policy_error err;
	struct sigil_label *a, *b;
	const struct sigil_rule *r;
	struct sigil_policy *p;

	p = sigil_policy_parse(text, sizeof(text) - 1, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	a = sigil_label_intern("a_t", 3, GFP_KERNEL);
	b = sigil_label_intern("b_t", 3, GFP_KERNEL);
	r = sigil_policy_find(p, SIGIL_RULE_ALLOW, a, b, NULL);
	KUNIT_ASSERT_NOT_NULL(test, r);
	/* Before the policy runs, a use is not counted. */
	sigil_policy_note_use(p, r);
	KUNIT_ASSERT_EQ(test, 0, sigil_policy_start_use(p, text,
							sizeof(text) - 1));
	KUNIT_EXPECT_EQ(test, sigil_policy_text_hash(text, sizeof(text) - 1),
			p->text_hash);
	KUNIT_EXPECT_EQ(test, 0, p->use[2].count);
	/* A lookup alone counts nothing: the checks count what they use. */
	sigil_policy_perms(p, SIGIL_RULE_ALLOW, a, b);
	sigil_policy_note_use(p, r);
	sigil_policy_note_use(p, r);
	sigil_policy_note_use(p, NULL);
	/* Attribute and member rules are read first: then the allows. */
	KUNIT_ASSERT_EQ(test, SIGIL_RULE_ALLOW, (u8)p->rules[2].kind);
	KUNIT_ASSERT_PTR_EQ(test, b, p->rules[2].l[1]);
	KUNIT_EXPECT_EQ(test, 2, p->use[2].count);
	KUNIT_EXPECT_NE(test, 0, p->use[2].last);
	KUNIT_EXPECT_EQ(test, 0, p->use[3].count);
	KUNIT_EXPECT_EQ(test, 0, p->use[3].last);
	/* Attribute and member rules declare, and are not counted. */
	KUNIT_EXPECT_TRUE(test, sigil_rule_is_declaration(&p->rules[0]));
	KUNIT_EXPECT_TRUE(test, sigil_rule_is_declaration(&p->rules[1]));
	KUNIT_EXPECT_FALSE(test, sigil_rule_is_declaration(&p->rules[3]));
	sigil_label_put(a);
	sigil_label_put(b);
	sigil_policy_free(p);
}

static void test_perms(struct kunit *const test)
{
	char buf[32];

	KUNIT_EXPECT_EQ(test, SIGIL_PERM_ALL,
			sigil_perms_parse(SIGIL_RULE_ALLOW, "caxwr", 5));
	KUNIT_EXPECT_EQ(test, -EINVAL, sigil_perms_parse(SIGIL_RULE_ALLOW, "", 0));
	KUNIT_EXPECT_EQ(test, -EINVAL, sigil_perms_parse(SIGIL_RULE_PROCESS, "rw", 2));
	KUNIT_EXPECT_EQ(test, BIT_ULL(CAP_CHECKPOINT_RESTORE),
			sigil_perms_parse(SIGIL_RULE_CAPABILITY, "checkpoint_restore", 18));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			sigil_perms_parse(SIGIL_RULE_CAPABILITY, "CAP_CHOWN", 9));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			sigil_perms_parse(SIGIL_RULE_TRANSITION, "r", 1));
	sigil_perms_format(SIGIL_RULE_ALLOW, SIGIL_PERM_CREATE | SIGIL_PERM_READ,
			   buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, "rc", buf);
	sigil_perms_format(SIGIL_RULE_PROCESS, SIGIL_PROC_MANAGE | SIGIL_PROC_READ,
			   buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, "rm", buf);
	sigil_perms_format(SIGIL_RULE_CAPABILITY, BIT_ULL(CAP_MAC_ADMIN), buf,
			   sizeof(buf));
	KUNIT_EXPECT_STREQ(test, "mac_admin", buf);
	KUNIT_EXPECT_EQ(test, BIT_ULL(AF_INET6),
			sigil_perms_parse(SIGIL_RULE_SOCKET, "inet6", 5));
	KUNIT_EXPECT_EQ(test, BIT_ULL(AF_MCTP),
			sigil_perms_parse(SIGIL_RULE_SOCKET, "mctp", 4));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			sigil_perms_parse(SIGIL_RULE_SOCKET, "local", 5));
	sigil_perms_format(SIGIL_RULE_SOCKET, BIT_ULL(AF_NETLINK), buf,
			   sizeof(buf));
	KUNIT_EXPECT_STREQ(test, "netlink", buf);
}

static void test_genfs(struct kunit *const test)
{
	static const char text[] = "genfs proc / proc_t\n"
				   "genfs proc /sys sysctl_t\n"
				   "genfs proc /sys/kernel/core_pattern core_t\n"
				   "genfs devtmpfs /null null_t\n";
	struct sigil_policy_error err;
	struct sigil_policy *p;
	struct sigil_label *l;

	p = sigil_policy_parse(text, sizeof(text) - 1, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	l = sigil_policy_genfs(p, "proc", "/sys/kernel/core_pattern");
	KUNIT_EXPECT_STREQ(test, "core_t", l ? l->str : "(none)");
	l = sigil_policy_genfs(p, "proc", "/sys/kernel/core_pattern2");
	KUNIT_EXPECT_STREQ(test, "sysctl_t", l ? l->str : "(none)");
	l = sigil_policy_genfs(p, "proc", "/sys");
	KUNIT_EXPECT_STREQ(test, "sysctl_t", l ? l->str : "(none)");
	/* A component at a time: /sysrq-trigger is not below /sys. */
	l = sigil_policy_genfs(p, "proc", "/sysrq-trigger");
	KUNIT_EXPECT_STREQ(test, "proc_t", l ? l->str : "(none)");
	l = sigil_policy_genfs(p, "devtmpfs", "/null");
	KUNIT_EXPECT_STREQ(test, "null_t", l ? l->str : "(none)");
	KUNIT_EXPECT_NULL(test, sigil_policy_genfs(p, "devtmpfs", "/zero"));
	KUNIT_EXPECT_NULL(test, sigil_policy_genfs(p, "sysfs", "/"));
	KUNIT_EXPECT_TRUE(test, sigil_policy_genfs_names(p, "devtmpfs"));
	KUNIT_EXPECT_FALSE(test, sigil_policy_genfs_names(p, "sysfs"));
	KUNIT_EXPECT_FALSE(test, sigil_policy_genfs_names(NULL, "proc"));
	sigil_policy_free(p);
}

/* Expects @proto's @port to be labelled @want ("(none)" for no rule). */
static void expect_port(struct kunit *const test,
			const struct sigil_policy *p, unsigned int proto,
			u16 port, const char *want)
{
	const struct sigil_label *const l = sigil_policy_port(p, proto, port);

	KUNIT_EXPECT_STREQ_MSG(test, want, l ? l->str : "(none)", "port %u",
			       port);
}

/* The narrowest range wins; the runs cover exactly the ports named. */
static void test_ports(struct kunit *const test)
{
	static const char text[] = "port tcp 1-65535 any_t\n"
				   "port tcp 8000-8099 alt_t\n"
				   "port tcp 8080 web_t\n"
				   "port tcp 8090-8199 wide_t\n"
				   "port udp 53 dns_t\n";
	struct sigil_policy_error err;
	struct sigil_policy *p;
	char buf[32];

	p = sigil_policy_parse(text, sizeof(text) - 1, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	expect_port(test, p, SIGIL_PROTO_TCP, 8080, "web_t");
	expect_port(test, p, SIGIL_PROTO_TCP, 8079, "alt_t");
	/* 8090-8099 is in both; alt_t's range is the narrower. */
	expect_port(test, p, SIGIL_PROTO_TCP, 8095, "alt_t");
	expect_port(test, p, SIGIL_PROTO_TCP, 8100, "wide_t");
	expect_port(test, p, SIGIL_PROTO_TCP, 1, "any_t");
	expect_port(test, p, SIGIL_PROTO_TCP, 65535, "any_t");
	expect_port(test, p, SIGIL_PROTO_UDP, 53, "dns_t");
	expect_port(test, p, SIGIL_PROTO_UDP, 54, "(none)");
	expect_port(test, p, SIGIL_PROTO_SCTP, 80, "(none)");
	KUNIT_EXPECT_EQ(test, 6, p->nruns[SIGIL_PROTO_TCP]);
	sigil_perms_format(SIGIL_RULE_PORT, SIGIL_PORT_PERMS(SIGIL_PROTO_SCTP,
							     9, 10),
			   buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, "sctp 9-10", buf);
	sigil_policy_free(p);
}

/* Expects @policy to name, or not, the label @str (a secmark's context). */
static void expect_named(struct kunit *const test,
			 const struct sigil_policy *policy, const char *str,
			 bool want)
{
	struct sigil_label *const l = sigil_label_intern(str, strlen(str),
							 GFP_KERNEL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(l));
	KUNIT_EXPECT_EQ_MSG(test, want, sigil_policy_names(policy, l), "%s",
			    str);
	sigil_label_put(l);
}

/* Every label of every kind of rule is named; genfs paths are not. */
static void test_names(struct kunit *const test)
{
	static const char text[] = "net a_t pkt_t s\n"
				   "port tcp 80 web_t\n"
				   "exec a_t f_t b_t\n"
				   "genfs proc /sys sysctl_t\n"
				   "never allow * secret_t w\n";
	struct sigil_policy_error err;
	struct sigil_policy *p;

	p = sigil_policy_parse(text, sizeof(text) - 1, &err);
	KUNIT_ASSERT_FALSE(test, IS_ERR(p));
	expect_named(test, p, "pkt_t", true);
	expect_named(test, p, "a_t", true);
	expect_named(test, p, "web_t", true);
	expect_named(test, p, "b_t", true);
	expect_named(test, p, "sysctl_t", true);
	expect_named(test, p, "proc", false);
	expect_named(test, p, "secret_t", false);
	expect_named(test, p, "other_t", false);
	sigil_policy_free(p);
}

static struct kunit_case sigil_policy_test_cases[] = {
	KUNIT_CASE_PARAM(test_policy_parse, policy_gen_params),
	KUNIT_CASE(test_policy_lookup),
	KUNIT_CASE(test_entrypoints_narrow),
	KUNIT_CASE(test_exec_implies_entrypoint),
	KUNIT_CASE(test_named_create),
	KUNIT_CASE(test_rule_use),
	KUNIT_CASE(test_perms),
	KUNIT_CASE(test_genfs),
	KUNIT_CASE(test_ports),
	KUNIT_CASE(test_names),
	{}
};

/* Without Sigil active (lsm= not naming it) there are no built-in labels. */
static int sigil_policy_test_init(struct kunit *const test)
{
	if (!sigil_label_kernel)
		kunit_skip(test, "Sigil is not active");
	return 0;
}

static struct kunit_suite sigil_policy_test_suite = {
	.name = "sigil_policy",
	.init = sigil_policy_test_init,
	.test_cases = sigil_policy_test_cases,
};

kunit_test_suite(sigil_policy_test_suite);
