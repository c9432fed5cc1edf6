/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ensure that libsigil parses /sys/kernel/security/lsm and maps LSM
 * identifiers to names, Sigil included.
 */
#include <config.h>

#include <errno.h>

#include "lsm-abi.h"
#include "sigil.h"
#include "../tap.h"

int main(void)
{
	struct sigil_lsm l[4];

	plan(20);
	is_str("sigil", sigil_lsm_name(LSM_ID_SIGIL), "id 114 is sigil");
	is_int(114, LSM_ID_SIGIL, "LSM_ID_SIGIL is 114, as in the series");
	is_int(LSM_ID_SELINUX, sigil_lsm_id("selinux"), "selinux is 101");
	is_int(0, sigil_lsm_id("nosuchlsm"), "an unknown name maps to 0");
	ok(sigil_lsm_name(99) == NULL, "an unknown id has no name");

	is_int(3, sigil_lsm_parse_list("capability,sigil,bpf\n", l, 4),
	       "a three-module list with a newline parses");
	is_str("sigil", l[1].name, "the second module is sigil");
	is_int(LSM_ID_SIGIL, l[1].id, "sigil gets its id");
	is_int(1, sigil_lsm_parse_list("sigil", l, 4),
	       "a list without a newline parses");
	is_int(0, sigil_lsm_parse_list("", l, 4), "an empty list is empty");
	is_int(-EINVAL, sigil_lsm_parse_list("sigil,,bpf", l, 4),
	       "an empty name is refused");
	is_int(-EINVAL, sigil_lsm_parse_list("sigil bpf", l, 4),
	       "a space is refused");
	is_int(-E2BIG, sigil_lsm_parse_list("a,b,c,d,e", l, 4),
	       "more modules than room is E2BIG");
	is_int(-EINVAL, sigil_lsm_parse_list(
		"averyveryveryverylongmodulenamethatistoolong", l, 4),
	       "a name of 32 or more bytes is refused");
	is_int(1, sigil_lsm_has_attr("sigil", SIGIL_ATTR_FSCREATE), "sigil has fscreate");
	is_int(1, sigil_lsm_has_attr("smack", SIGIL_ATTR_CURRENT), "smack has current");
	is_int(0, sigil_lsm_has_attr("smack", SIGIL_ATTR_EXEC), "smack has no exec");
	is_int(0, sigil_lsm_has_attr("apparmor", SIGIL_ATTR_FSCREATE),
	       "apparmor has no fscreate");
	is_int(1, sigil_lsm_has_attr("newlsm", SIGIL_ATTR_EXEC),
	       "a module the library does not know: the kernel answers");
	is_int(0, sigil_lsm_has_attr("sigil", SIGIL_ATTR_COUNT), "no such attribute");
	return done_testing();
}
