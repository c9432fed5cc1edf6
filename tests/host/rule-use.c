/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ensure that sigilctl rules reads the kernel's rules node, takes --since
 * times in each of its forms and refuses others, and lists as unused
 * exactly the rules with no use since the time asked.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../src/rule-use.h"
#include "../tap.h"

static void place(unsigned int line, char *buf, size_t size)
{
	snprintf(buf, size, "p:%u", line);
}

/* What @print wrote, in a buffer the caller frees. */
static char *printed(const struct rule_use_node *node, long long since,
		     int unused, size_t *n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (unused)
		*n = rule_use_print_unused(node, since, place, f);
	else
		rule_use_print_stats(node, place, f);
	fclose(f);
	return buf;
}

int main(void)
{
	static const char *const bad_nodes[] = {
		"", "allow a_t b_t r\n", "load x 0\n",
		"load 100 00000000000000ff\n3 1 100\n",
		"load 100 00000000000000ff\n0 1 100 allow a_t b_t r\n",
		"load 100 00000000000000ff\nthree 1 100 allow a_t b_t r\n",
	};
	static const char *const bad_times[] = {
		"", "yesterday", "@", "@-5", "@12x", "5", "5w", "-5d",
		"2026-13-01", "2026-12-07T25:00", "2026-12-07T05", "2026-12-07x",
		"2026-12-07T05:00junk",
	};
	char node_text[] = "load 1000 0123456789abcdef\n"
		"3 5 1100 allow a_t b_t r\n"
		"4 0 0 allow a_t c_t w\n"
		"7 2 1010 capability a_t chown\n"
		"7 2 1010 capability a_t setuid\n"
		"9 1 1200 create a_t d_t f_t ld.so.preload\n";
	struct rule_use_node node;
	unsigned int bad;
	char copy[256], *out, when[32];
	long long t;
	size_t i, n;

	plan(23 + (int)(sizeof(bad_nodes) / sizeof(bad_nodes[0])) +
	     (int)(sizeof(bad_times) / sizeof(bad_times[0])));

	is_int(0, rule_use_parse(node_text, &node, &bad), "the node parses");
	is_int(1000, node.loaded, "the load time");
	ok(node.hash == 0x0123456789abcdefULL, "the text's hash");
	is_int(5, (long long)node.n, "the number of rules");
	is_int(9, node.rules[4].line, "a rule's line");
	is_str("create a_t d_t f_t ld.so.preload", node.rules[4].rule,
	       "a rule that names a file, whole");
	out = printed(&node, 0, 1, &n);
	is_str("p:4: allow a_t c_t w\n", out, "unused since the load: the rule never used");
	is_int(1, (long long)n, "one rule unused since the load");
	free(out);
	out = printed(&node, 1050, 1, &n);
	is_str("p:4: allow a_t c_t w\np:7: capability a_t chown\np:7: capability a_t setuid\n",
	       out, "unused since 1050: also the rules last used before");
	is_int(3, (long long)n, "three rules unused since 1050");
	free(out);
	out = printed(&node, 1100, 1, &n);
	is_int(3, (long long)n, "a rule used at the time asked is used");
	free(out);
	out = printed(&node, 0, 0, &n);
	ok(out && strstr(out, "0 never p:4 allow a_t c_t w\n") != NULL,
	   "stats: a rule never used");
	ok(out && strncmp(out, "5 ", 2) == 0 && strstr(out, " p:3 allow a_t b_t r\n"),
	   "stats: COUNT LAST PLACE RULE");
	free(out);
	rule_use_free(&node);

	for (i = 0; i < sizeof(bad_nodes) / sizeof(bad_nodes[0]); i++) {
		snprintf(copy, sizeof(copy), "%s", bad_nodes[i]);
		ok(rule_use_parse(copy, &node, &bad) == -1,
		   "refused node text #%zu", i);
	}
	snprintf(copy, sizeof(copy), "load 1 0\n3 1 1 allow a b r\nx\n");
	rule_use_parse(copy, &node, &bad);
	is_int(3, bad, "the malformed line is named");

	is_int(0, rule_use_time("@1765000000", 0, &t), "@SECONDS");
	is_int(1765000000, t, "@SECONDS's value");
	is_int(0, rule_use_time("3d", 1000000, &t), "Nd");
	is_int(1000000 - 3 * 86400, t, "Nd is N days before now");
	is_int(0, rule_use_time("90m", 1000000, &t), "Nm");
	is_int(1000000 - 5400, t, "Nm is N minutes before now");
	is_int(0, rule_use_time("2026-12-07T05:00:01", 0, &t), "a date and a time");
	rule_use_format_time(t, when, sizeof(when));
	is_str("2026-12-07T05:00:01", when, "the time written back as read");
	is_int(0, rule_use_time("2026-12-07", 0, &t) ||
	       rule_use_time("2026-12-07 05:00", 0, &t), "a date, and a space for the T");
	for (i = 0; i < sizeof(bad_times) / sizeof(bad_times[0]); i++)
		is_int(-1, rule_use_time(bad_times[i], 1000, &t),
		       "refused time '%s'", bad_times[i]);
	return done_testing();
}
