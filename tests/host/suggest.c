/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ensure that sigilctl suggest turns denial records, in every form a log
 * holds them (kernel log through kauditd, audit.log, Sigil's own line
 * without audit, the journal), into the minimal merged rules, and says
 * which denials each rule answers.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy-check.h"
#include "suggest.h"
#include "../tap.h"

/* The assertions of the policy text @ctx, as sigilctl asks them. */
static int forbidden(const char *rule, char *why, size_t room, void *ctx)
{
	return policy_never_breaks(ctx, strlen(ctx), rule, why, room);
}

/*
 * The policy text @ctx with @rules added, checked whole, as sigilctl
 * asks a valid policy.
 */
static int forbidden_whole(const char *rules, char *why, size_t room, void *ctx)
{
	char both[4096], reason[256];
	unsigned int line;

	snprintf(both, sizeof(both), "%s\n%s", (const char *)ctx, rules);
	if (policy_check(both, strlen(both), &line, reason, sizeof(reason)) >= 0)
		return 0;
	snprintf(why, room, "%s", reason);
	return 1;
}

/* A policy whose httpd_t runs sendmail_exec_t as its own program. */
static int own_sendmail(const char *subject, const char *program, void *ctx)
{
	(void)ctx;
	return !strcmp(subject, "httpd_t") && !strcmp(program, "sendmail_exec_t");
}

/* A policy that has the label sendmail_t already. */
static int names_sendmail(const char *label, void *ctx)
{
	(void)ctx;
	return !strcmp(label, "sendmail_t");
}

/* What suggest_print() writes for the lines @s has read. */
static char *printed(struct suggest *s)
{
	char *out = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&out, &size);

	suggest_print(s, f, 0);
	fclose(f);
	return out;
}

/* What suggest_print() writes for @lines, fed one by one. */
static char *suggest_of(const char *const *lines, int explain,
			struct suggest *s)
{
	char *out = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&out, &size);

	memset(s, 0, sizeof(*s));
	for (; *lines; lines++)
		if (suggest_line(s, *lines) < 0)
			return NULL;
	suggest_print(s, f, explain);
	fclose(f);
	return out;
}

int main(void)
{
	static const char *const forms[] = {
		/* dmesg, kauditd printing the record (no audit daemon) */
		"[   12.345678] audit: type=1425 audit(1764790000.123:45): denied op=open check=file subject=app_t object=secret_t pid=154 comm=\"cat\" name=\"shadow\" dev=\"vda\" ino=12 enforcing=1 missing='allow app_t secret_t r'",
		/* audit.log: auditd does not know the type's name */
		"type=UNKNOWN[1425] msg=audit(1764790001.000:46): denied op=write check=file subject=app_t object=secret_t pid=155 comm=\"sh\" name=\"shadow\" dev=\"vda\" ino=12 enforcing=1 missing='allow app_t secret_t w'",
		/* Sigil's own line, audit off */
		"[   13.000000] sigil: denied op=exec check=transition subject=app_t object=web_t pid=156 comm=\"sh\" name=\"httpd\" enforcing=1 missing='transition app_t web_t'",
		/* the journal */
		"Dec 03 20:00:00 host kernel: audit: type=1425 audit(1764790002.000:47): denied op=ptrace check=process subject=app_t object=kernel pid=157 comm=\"gdb\" enforcing=0 missing='process app_t kernel t'",
		/* the same denial again, and a capability */
		"[   14.000000] audit: type=1425 audit(1764790003.000:48): denied op=open check=file subject=app_t object=secret_t pid=158 comm=\"cat\" name=\"shadow\" dev=\"vda\" ino=12 enforcing=1 missing='allow app_t secret_t r'",
		"[   15.000000] audit: type=1425 audit(1764790004.000:49): denied op=capable check=capability subject=app_t object=- pid=159 comm=\"mount\" enforcing=1 missing='capability app_t sys_admin'",
		/* process letters merged in their order: s then r gives rs */
		"[   16.000000] audit: type=1425 audit(1.0:50): denied op=kill check=process subject=app_t object=kernel pid=160 comm=\"kill\" enforcing=1 missing='process app_t kernel s'",
		/* an entrypoint rule is valid on its own in a suggestion */
		"[   17.000000] audit: type=1425 audit(1.0:51): denied op=exec check=transition subject=app_t object=web_t pid=161 comm=\"sh\" name=\"x\" enforcing=1 missing='entrypoint web_t bin_t'",
		/* something else, and a denial naming no valid rule */
		"[   18.000000] audit: type=1404 audit(1.0:52): enforcing=1 old_enforcing=0 auid=4294967295 ses=4294967295 lsm=sigil res=1",
		"[   19.000000] audit: type=1425 audit(1.0:53): denied op=open check=bogus subject=a object=b pid=1 comm=\"x\" enforcing=1 missing='(unknown check)'",
		/* a refusal no rule lifts, twice */
		"[   20.000000] audit: type=1425 audit(1.0:54): denied op=exec subject=app_t object=web_t pid=162 comm=\"sh\" enforcing=1 reason='fs_struct shared with another task'",
		"[   21.000000] audit: type=1425 audit(1.0:55): denied op=exec subject=app_t object=web_t pid=163 comm=\"sh\" enforcing=1 reason='fs_struct shared with another task'",
		NULL
	};
	static const char *const none[] = { "hello", "sigil: policy loaded: 3 rules", NULL };
	static const char *const spaced[] = {
		"denied op=open check=file subject=a_t object=b_t missing='allow  a_t\tb_t  rw'", NULL
	};
	struct suggest s;
	char *out;

	plan(28);

	out = suggest_of(forms, 0, &s);
	is_str("allow app_t secret_t rw\n"
	       "transition app_t web_t\n"
	       "process app_t kernel ts\n"
	       "capability app_t sys_admin\n"
	       "entrypoint web_t bin_t\n", out,
	       "every log form read; letters merged per labels, duplicates dropped, order of first denial kept");
	is_int(11, s.denials, "denial records counted, refusals and invalid ones included, a status record not");
	is_int(1, s.invalid, "a denial naming no valid rule is counted apart");
	is_int(1, s.nunliftable, "a refusal no rule lifts is kept once");
	free(out);
	suggest_free(&s);

	out = suggest_of(forms, 1, &s);
	ok(out && strstr(out, "# answers 3 denials:\n"
			 "#   op=open check=file subject=app_t object=secret_t comm=\"cat\" name=\"shadow\" (2 times)\n"
			 "#   op=write check=file subject=app_t object=secret_t comm=\"sh\" name=\"shadow\"\n"
			 "allow app_t secret_t rw\n"),
	   "--explain: the merged rule follows the distinct denials it answers, with counts");
	ok(out && strstr(out, "# answers 1 denial:\n#   op=capable check=capability subject=app_t object=- comm=\"mount\"\ncapability app_t sys_admin\n"),
	   "--explain: a denial without a file");
	ok(out && strstr(out, "# no rule can allow these (see sigil(7)):\n"
			 "#   op=exec subject=app_t object=web_t comm=\"sh\" reason='fs_struct shared with another task'\n"),
	   "--explain: refusals no rule lifts listed last");
	if (out && !strstr(out, "# no rule can allow"))
		printf("# saw:\n%s", out);
	free(out);
	suggest_free(&s);

	out = suggest_of(none, 1, &s);
	is_str("", out, "no denial: no rule");
	is_int(0, s.denials, "no denial counted in lines without one");
	free(out);
	suggest_free(&s);

	out = suggest_of(spaced, 0, &s);
	is_str("allow a_t b_t rw\n", out, "white space in the missing rule normalized");
	free(out);
	suggest_free(&s);

	{
		static const char *const more[] = {
			"denied op=a check=file subject=a_t object=b_t missing='allow a_t b_t c'",
			"denied op=b check=file subject=a_t object=b_t missing='allow a_t b_t xr'",
			"denied op=c check=policy subject=a_t object=- missing='policy a_t r'",
			"denied op=d check=policy subject=a_t object=- missing='policy a_t l'",
			"denied op=e check=file subject=a_t object=c_t missing='allow a_t c_t a'",
			"denied op=f check=file subject=a_t missing='allow a_t c_t q'",
			"denied op=g check=file subject=a_t missing='allow a_t",
			NULL
		};

		out = suggest_of(more, 0, &s);
		is_str("allow a_t b_t rxc\npolicy a_t lr\nallow a_t c_t a\n", out,
		       "letters in the grammar's order (rwxac, ler); labels kept apart");
		is_int(2, s.invalid, "an unknown letter and an unterminated rule are not rules");
		free(out);
		suggest_free(&s);
	}
	out = suggest_of(forms + 2, 0, &s);
	ok(out && !strncmp(out, "transition app_t web_t\n", 23),
	   "the first rule printed is the first denial's");
	free(out);
	suggest_free(&s);

	{
		/* A console and /dev/null without genfs rules: unlabeled. */
		static const char *const wide[] = {
			"denied op=open check=file subject=web_t object=unlabeled comm=\"sh\" name=\"null\" missing='allow web_t unlabeled rw'",
			"denied op=open check=file subject=web_t object=unlabeled comm=\"sh\" name=\"console\" missing='allow web_t unlabeled wx'",
			"denied op=open check=file subject=web_t object=dev_t comm=\"sh\" name=\"tty\" missing='allow web_t dev_t a'",
			"denied op=open check=file subject=web_t object=log_t comm=\"sh\" name=\"access.log\" missing='allow web_t log_t a'",
			NULL
		};
		FILE *f;
		char *warn = NULL;
		size_t wsize = 0;

		memset(&s, 0, sizeof(s));
		suggest_catchall(&s, "dev_t");
		for (size_t i = 0; wide[i]; i++)
			suggest_line(&s, wide[i]);
		f = open_memstream(&out, &wsize);
		suggest_print(&s, f, 0);
		fclose(f);
		is_str("allow web_t unlabeled r\n"
		       "# not suggested, unlabeled is a catch-all: allow web_t unlabeled wx\n"
		       "# not suggested, dev_t is a catch-all: allow web_t dev_t a\n"
		       "allow web_t log_t a\n", out,
		       "w, a, c, x on unlabeled or a marked catch-all are commented out; r and other labels kept");
		free(out);
		f = open_memstream(&warn, &wsize);
		is_int(2, suggest_withheld(&s, "sigilctl: ", f), "two rules withheld");
		fclose(f);
		ok(warn && strstr(warn, "sigilctl: not suggested: 'allow web_t unlabeled wx' would open every file labelled unlabeled"),
		   "a warning names the rule withheld");
		free(warn);
		f = open_memstream(&out, &wsize);
		suggest_print(&s, f, 1);
		fclose(f);
		ok(out && strstr(out, "#     op=open check=file subject=web_t object=unlabeled comm=\"sh\" name=\"console\"\n"),
		   "--explain names the objects the rule would have been for");
		ok(out && strstr(out, "genfs FSTYPE /PATH LABEL") && strstr(out, "filecon -s LABEL FILE"),
		   "--explain proposes a genfs rule or a relabel instead");
		ok(out && strstr(out, "every file on\n#   disk without security.sigil"),
		   "--explain says what unlabeled covers");
		free(out);
		suggest_free(&s);
	}
	{
		/* A rule an assertion of the policy forbids is not suggested. */
		static const char policy[] = "unconfined kernel\n"
			"never allow * shadow_t w\nnever capability app_t sys_admin\n";
		static const char *const lines[] = {
			"denied op=open check=file subject=app_t object=shadow_t pid=1 comm=\"x\" enforcing=1 missing='allow app_t shadow_t rw'",
			"denied op=open check=file subject=app_t object=log_t pid=1 comm=\"x\" enforcing=1 missing='allow app_t log_t a'",
			"denied op=capable check=capability subject=app_t object=- pid=1 comm=\"x\" enforcing=1 missing='capability app_t sys_admin'",
			NULL
		};
		struct suggest t;
		char *text;
		size_t m;
		FILE *g;

		memset(&t, 0, sizeof(t));
		for (m = 0; lines[m]; m++)
			suggest_line(&t, lines[m]);
		t.forbidden = forbidden;
		t.forbidden_ctx = (void *)policy;
		g = open_memstream(&text, &m);
		suggest_print(&t, g, 0);
		fclose(g);
		is_str("# not suggested, the policy forbids it ('never allow * shadow_t w', line 2): allow app_t shadow_t rw\n"
		       "allow app_t log_t a\n"
		       "# not suggested, the policy forbids it ('never capability app_t sys_admin', line 3): capability app_t sys_admin\n",
		       text, "rules the policy's assertions forbid are commented out, naming the assertion");
		free(text);
		ok(!policy_never_breaks(policy, sizeof(policy) - 1, "allow app_t shadow_t r", NULL, 0),
		   "a right the assertion does not name is no breach");
		suggest_free(&t);
	}
	{
		/* A port no rule names: a label of the subject's own. */
		static const char *const ports[] = {
			"denied op=bind check=net subject=httpd_t object=unreserved_port proto=tcp port=8080 pid=5 comm=\"lighttpd\" enforcing=1 missing='net httpd_t unreserved_port b'",
			"denied op=connect check=net subject=httpd_t object=reserved_port proto=udp port=53 pid=5 comm=\"x\" enforcing=1 missing='net httpd_t reserved_port c'",
			"denied op=connect check=net subject=app_t object=http_port_t proto=tcp port=80 pid=6 comm=\"curl\" enforcing=1 missing='net app_t http_port_t c'",
			NULL
		};

		out = suggest_of(ports, 0, &s);
		is_str("port tcp 8080 httpd_port_t\n"
		       "net httpd_t httpd_port_t bc\n"
		       "port udp 53 httpd_port_t\n"
		       "net app_t http_port_t c\n", out,
		       "a denied port no rule names gets a label of the subject's, a named one its net rule alone");
		free(out);
		suggest_free(&s);
	}
	{
		/* A packet the firewall labelled: the net rule, no port. */
		static const char *const packets[] = {
			"denied op=packet_send check=net subject=httpd_t object=http_packet_t pid=5 comm=\"lighttpd\" enforcing=1 missing='net httpd_t http_packet_t s'",
			"denied op=packet_recv check=net subject=httpd_t object=http_packet_t pid=0 comm=\"swapper/0\" enforcing=1 missing='net httpd_t http_packet_t r'",
			NULL
		};

		out = suggest_of(packets, 0, &s);
		is_str("net httpd_t http_packet_t sr\n", out,
		       "denied packets of a secmark label get one net rule with s and r");
		free(out);
		suggest_free(&s);
	}
	{
		/*
		 * A program of its own kind run in its caller's label gets an
		 * exec rule; a file its maker's directory labelled, and that
		 * the admin relabelled, a create rule.
		 */
		static const char *const trail[] = {
			"denied op=open check=file subject=httpd_t object=spool_t program=sendmail_exec_t pid=5 comm=\"sendmail\" name=\"q1\" dev=\"vda\" ino=40 enforcing=1 missing='allow httpd_t spool_t rw'",
			"denied op=open check=file subject=httpd_t object=etc_t program=httpd_exec_t pid=4 comm=\"httpd\" name=\"x.conf\" dev=\"vda\" ino=41 enforcing=1 missing='allow httpd_t etc_t r'",
			"denied op=open check=file subject=httpd_t object=log_t program=httpd_exec_t pid=4 comm=\"httpd\" name=\"acc.log\" dev=\"vda\" ino=42 enforcing=1 missing='allow httpd_t log_t a'",
			"denied op=open check=file subject=httpd_t object=log_t program=httpd_exec_t pid=4 comm=\"httpd\" name=\"err.log\" dev=\"vda\" ino=43 enforcing=1 missing='allow httpd_t log_t r'",
			"[ 2.0] audit: type=1425 audit(2.0:9): relabeled op=relabel subject=kernel object=log_t new=httpd_log_t creator=httpd_t pid=9 comm=\"filecon\" name=\"acc.log\" dev=\"vda\" ino=42",
			NULL
		};
		static const char reach_policy[] = "unconfined kernel\nnever reach httpd_t *\n";

		out = suggest_of(trail, 0, &s);
		is_str("exec httpd_t sendmail_exec_t sendmail_t\n"
		       "transition httpd_t sendmail_t\n"
		       "allow sendmail_t sendmail_exec_t rx\n"
		       "allow sendmail_t spool_t rw\n"
		       "allow httpd_t etc_t r\n"
		       "create httpd_t log_t httpd_log_t\n"
		       "allow httpd_t httpd_log_t wa\n"
		       "allow httpd_t log_t r\n", out,
		       "a helper program gets an exec rule and the rights denied; a relabelled file a create rule; other files plain rules");
		free(out);
		suggest_free(&s);

		memset(&s, 0, sizeof(s));
		s.own_program = own_sendmail;
		for (size_t i = 0; trail[i]; i++)
			suggest_line(&s, trail[i]);
		out = printed(&s);
		ok(out && !strncmp(out, "allow httpd_t spool_t rw\n", 25),
		   "a program the policy makes the subject's own gets plain rules");
		free(out);
		suggest_free(&s);

		memset(&s, 0, sizeof(s));
		s.names = names_sendmail;
		for (size_t i = 0; trail[i]; i++)
			suggest_line(&s, trail[i]);
		out = printed(&s);
		ok(out && !strncmp(out, "allow httpd_t spool_t rw\n", 25),
		   "no exec rule into a label the policy already has");
		free(out);
		suggest_free(&s);

		{
			/* Not the file's maker, a relabel before the denial,
			 * a line anyone could write: no create rule.
			 */
			static const char *const weak[] = {
				"[ 1.0] audit: type=1425 audit(1.0:1): relabeled op=relabel subject=kernel object=log_t new=b_t creator=httpd_t pid=9 comm=\"filecon\" name=\"a\" dev=\"vda\" ino=50",
				"denied op=open check=file subject=httpd_t object=log_t pid=4 comm=\"httpd\" name=\"a\" dev=\"vda\" ino=50 enforcing=1 missing='allow httpd_t log_t r'",
				"denied op=open check=file subject=httpd_t object=log_t pid=4 comm=\"httpd\" name=\"b\" dev=\"vda\" ino=51 enforcing=1 missing='allow httpd_t log_t w'",
				"[ 2.0] audit: type=1425 audit(2.0:2): relabeled op=relabel subject=kernel object=log_t new=b_t creator=crond_t pid=9 comm=\"filecon\" name=\"b\" dev=\"vda\" ino=51",
				"denied op=open check=file subject=httpd_t object=log_t pid=4 comm=\"httpd\" name=\"c\" dev=\"vda\" ino=52 enforcing=1 missing='allow httpd_t log_t a'",
				"[ 3.0] httpd[4]: relabeled op=relabel subject=kernel object=log_t new=b_t creator=httpd_t dev=\"vda\" ino=52",
				NULL
			};

			out = suggest_of(weak, 0, &s);
			is_str("allow httpd_t log_t rwa\n", out,
			       "a relabel before the denial, of another maker's file, or not the kernel's makes no create rule");
			free(out);
			suggest_free(&s);
		}

		memset(&s, 0, sizeof(s));
		s.forbidden = forbidden_whole;
		s.forbidden_ctx = (void *)reach_policy;
		for (size_t i = 0; trail[i]; i++)
			suggest_line(&s, trail[i]);
		out = printed(&s);
		is_str("# not suggested, the policy forbids it ('never reach httpd_t *' is broken by 'transition httpd_t sendmail_t', the last of a chain of 1): exec httpd_t sendmail_exec_t sendmail_t, a label of its own for the program sendmail_exec_t that httpd_t runs; rules for httpd_t follow\n"
		       "allow httpd_t spool_t rw\n"
		       "allow httpd_t etc_t r\n"
		       "create httpd_t log_t httpd_log_t\n"
		       "allow httpd_t httpd_log_t wa\n"
		       "allow httpd_t log_t r\n", out,
		       "an exec rule a reach assertion forbids is not suggested: its denials get plain rules");
		free(out);
		suggest_free(&s);
	}
	return done_testing();
}
