/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pam_sigil: starts a login session in the label /etc/sigil/users gives
 * its user (pam_sigil(8), sigil-users(5)).  At open_session it writes the
 * label to the calling thread's attr/exec, so that the session's shell,
 * which the PAM application forks and executes, takes it through the
 * ordinary transition check; the kernel refuses the write when the
 * policy has no transition from the application's label, and the
 * session is refused.  So is a session while no policy is loaded (unless
 * the machine was booted unconfined on purpose), and one for which the
 * users file says nothing: it is missing, unreadable, no line names the
 * user, or the group database fails.  The terminal takes the user's
 * label too, and gets its own back at close_session.  No new power:
 * nothing a task could not do by writing attr/exec itself.
 */
#include <config.h>

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#define PAM_SM_SESSION
#include <security/pam_ext.h>
#include <security/pam_modules.h>

#include "sigil.h"

#define USERS_FILE SYSCONFDIR "/sigil/users"
#define STATUS_NODE "/sys/kernel/security/sigil/status"
/* Left by sigilctl load --boot when the admin chose to boot unconfined. */
#define UNCONFINED_BOOT "/run/sigil/unconfined-boot"
#define TTY_DATA "pam_sigil_tty_label"

struct opts {
	int debug;
	int nottys;
	const char *users;
};

static void parse_opts(pam_handle_t *pamh, int argc, const char **argv,
		       struct opts *o)
{
	int i;

	memset(o, 0, sizeof(*o));
	o->users = USERS_FILE;
	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "debug"))
			o->debug = 1;
		else if (!strcmp(argv[i], "nottys"))
			o->nottys = 1;
		else if (!strncmp(argv[i], "users=", 6))
			o->users = argv[i] + 6;
		else
			pam_syslog(pamh, LOG_ERR, "unknown option '%s' (ignored)",
				   argv[i]);
	}
}

/*
 * Whether user @pw is in @group, by its primary group or the list: 1 or
 * 0, -1 when the group database could not say.
 */
static int in_group(const struct passwd *pw, const char *group)
{
	const struct group *gr;
	char **m;

	errno = 0;
	gr = getgrnam(group);
	if (!gr)
		return errno && errno != ENOENT && errno != ESRCH &&
		       errno != EBADF && errno != EPERM ? -1 : 0;
	if (pw->pw_gid == gr->gr_gid)
		return 1;
	for (m = gr->gr_mem; *m; m++)
		if (!strcmp(*m, pw->pw_name))
			return 1;
	return 0;
}

/* Whether the comma-separated @services names @service. */
static int names_service(const char *services, const char *service)
{
	size_t len = strlen(service);
	const char *p = services;

	while (*p) {
		if (!strncmp(p, service, len) && (p[len] == ',' || !p[len]))
			return 1;
		p = strchr(p, ',');
		if (!p)
			break;
		p++;
	}
	return 0;
}

/*
 * The label of @pw's session under @service: the first line of the
 * users file that names the user, a group of theirs or "*", and whose
 * services, if it lists any, include @service.  Returns 1 with *label
 * (malloc'ed), 0 when no line matches, -1 after logging a malformed
 * line or an unreadable file.
 */
static int lookup(pam_handle_t *pamh, const struct opts *o,
		  const struct passwd *pw, const char *service, char **label)
{
	char line[1024], *who, *lab, *svc, *extra, *save;
	unsigned int n = 0;
	int found = 0;
	FILE *f;

	f = fopen(o->users, "re");
	if (!f) {
		pam_syslog(pamh, LOG_ERR, "cannot read %s: %s", o->users,
			   strerror(errno));
		return -1;
	}
	while (!found && fgets(line, sizeof(line), f)) {
		n++;
		if (!strchr(line, '\n') && !feof(f)) {
			pam_syslog(pamh, LOG_ERR, "%s:%u: line too long", o->users, n);
			found = -1;
			break;
		}
		line[strcspn(line, "#\n")] = '\0';
		who = strtok_r(line, " \t", &save);
		if (!who)
			continue;
		lab = strtok_r(NULL, " \t", &save);
		svc = strtok_r(NULL, " \t", &save);
		extra = strtok_r(NULL, " \t", &save);
		if (!lab || extra) {
			pam_syslog(pamh, LOG_ERR,
				   "%s:%u: expected 'USER|%%GROUP|* LABEL [SERVICE,...]'",
				   o->users, n);
			found = -1;
			break;
		}
		if (svc && !names_service(svc, service))
			continue;
		if (who[0] == '%') {
			const int in = in_group(pw, who + 1);

			if (in < 0) {
				pam_syslog(pamh, LOG_ERR,
					   "%s:%u: cannot look group '%s' up: %s",
					   o->users, n, who + 1, strerror(errno));
				found = -1;
				break;
			}
			if (!in)
				continue;
		} else if (strcmp(who, "*") && strcmp(who, pw->pw_name)) {
			continue;
		}
		*label = strdup(lab);
		found = *label ? 1 : -1;
		if (o->debug)
			pam_syslog(pamh, LOG_DEBUG, "%s:%u: %s's session under %s: %s",
				   o->users, n, pw->pw_name, service, lab);
	}
	fclose(f);
	return found;
}

/*
 * Whether a policy is loaded, or the machine was booted without one on
 * purpose (sigilctl load --boot leaves UNCONFINED_BOOT then): a session
 * is never started in a label that no policy has checked.
 */
static int policy_loaded(void)
{
	unsigned long long generation = 0;
	FILE *f;
	int n = 0;

	f = fopen(STATUS_NODE, "re");
	if (f) {
		n = fscanf(f, "generation: %llu", &generation);
		fclose(f);
	}
	if (n == 1 && generation > 0)
		return 1;
	return !access(UNCONFINED_BOOT, F_OK);
}

/* The session's terminal, /dev/..., or NULL. */
static const char *session_tty(pam_handle_t *pamh, char *buf, size_t size)
{
	const void *tty = NULL;

	if (pam_get_item(pamh, PAM_TTY, &tty) != PAM_SUCCESS || !tty ||
	    !*(const char *)tty)
		return NULL;
	if (((const char *)tty)[0] == '/')
		snprintf(buf, size, "%s", (const char *)tty);
	else
		snprintf(buf, size, "/dev/%s", (const char *)tty);
	return access(buf, F_OK) ? NULL : buf;
}

/* Whether the running policy leaves @label unconfined: 1, 0, or -errno. */
static int label_unconfined(const char *label)
{
	char query[300], *answer = NULL;
	int err;

	snprintf(query, sizeof(query), "unconfined %s", label);
	err = sigil_query(query, &answer);
	if (err)
		return err;
	err = !strcmp(answer, "allowed");
	free(answer);
	return err;
}

static void free_data(pam_handle_t *pamh, void *data, int status)
{
	(void)pamh;
	(void)status;
	free(data);
}

PAM_EXTERN int pam_sm_open_session(pam_handle_t *pamh, int flags, int argc,
				   const char **argv)
{
	const char *user = NULL, *service = NULL;
	char *label = NULL, *old = NULL, *saved, ttybuf[256];
	const struct passwd *pw;
	const char *tty;
	struct opts o;
	int err, found;

	(void)flags;
	parse_opts(pamh, argc, argv, &o);
	if (!sigil_lsm_active("sigil")) {
		if (o.debug)
			pam_syslog(pamh, LOG_DEBUG, "Sigil is not active: nothing to do");
		return PAM_IGNORE;
	}
	if (pam_get_item(pamh, PAM_USER, (const void **)&user) != PAM_SUCCESS ||
	    !user || !(pw = getpwnam(user))) {
		pam_syslog(pamh, LOG_ERR, "no such user '%s'", user ? user : "");
		return PAM_SESSION_ERR;
	}
	if (pam_get_item(pamh, PAM_SERVICE, (const void **)&service) != PAM_SUCCESS ||
	    !service)
		service = "";
	if (!policy_loaded()) {
		pam_syslog(pamh, LOG_ERR,
			   "refusing %s's session under %s: no Sigil policy is loaded (see sigilctl(8) load --boot)",
			   user, service);
		return PAM_SESSION_ERR;
	}
	found = lookup(pamh, &o, pw, service, &label);
	if (found < 0)
		return PAM_SESSION_ERR;
	if (!found) {
		pam_syslog(pamh, LOG_ERR,
			   "refusing %s's session under %s: no line of %s names it",
			   user, service, o.users);
		return PAM_SESSION_ERR;
	}
	err = sigil_attr_set("sigil", SIGIL_ATTR_EXEC, label);
	if (err) {
		char *answer = NULL, query[600], *current = NULL;

		sigil_attr_get(0, "sigil", SIGIL_ATTR_CURRENT, &current);
		snprintf(query, sizeof(query), "transition %s %s",
			 current ? current : "?", label);
		if (err == -EACCES && current && !sigil_query(query, &answer))
			pam_syslog(pamh, LOG_ERR,
				   "refusing %s's session under %s in %s: %s (%s)",
				   user, service, label, sigil_strerror(err), answer);
		else
			pam_syslog(pamh, LOG_ERR, "refusing %s's session under %s in %s: %s",
				   user, service, label, sigil_strerror(err));
		free(answer);
		free(current);
		free(label);
		return PAM_SESSION_ERR;
	}
	/*
	 * A terminal with a label takes the user's, unless that label is
	 * unconfined: every service that may write to an unconfined label
	 * (the journal's stream, for one) could then write to the terminal,
	 * which keeps its own label instead.  Its own is kept for
	 * close_session.  One without is left alone.  A session whose
	 * terminal cannot take its label does not start.
	 */
	tty = o.nottys ? NULL : session_tty(pamh, ttybuf, sizeof(ttybuf));
	found = tty ? label_unconfined(label) : 1;
	if (found < 0) {
		pam_syslog(pamh, LOG_ERR,
			   "refusing %s's session under %s: cannot ask whether %s is unconfined: %s",
			   user, service, label, sigil_strerror(found));
		goto refuse;
	}
	if (!found && !sigil_file_get(tty, "security.sigil", 1, &old) && old) {
		saved = malloc(strlen(tty) + strlen(old) + 2);
		if (saved) {
			sprintf(saved, "%s %s", tty, old);
			if (pam_set_data(pamh, TTY_DATA, saved, free_data) != PAM_SUCCESS)
				free(saved);
		}
		err = sigil_file_set(tty, "security.sigil", 1, label);
		free(old);
		if (err) {
			pam_syslog(pamh, LOG_ERR,
				   "refusing %s's session under %s: cannot label %s %s: %s",
				   user, service, tty, label, sigil_strerror(err));
			goto refuse;
		}
	}
	pam_syslog(pamh, LOG_INFO, "%s's session under %s starts in %s", user,
		   service, label);
	free(label);
	return PAM_SUCCESS;
refuse:
	sigil_attr_set("sigil", SIGIL_ATTR_EXEC, NULL);
	free(label);
	return PAM_SESSION_ERR;
}

PAM_EXTERN int pam_sm_close_session(pam_handle_t *pamh, int flags, int argc,
				    const char **argv)
{
	const void *data = NULL;
	char *copy, *sp;
	struct opts o;
	int err;

	(void)flags;
	parse_opts(pamh, argc, argv, &o);
	if (!sigil_lsm_active("sigil"))
		return PAM_IGNORE;
	/* The application's own next execs keep its label. */
	sigil_attr_set("sigil", SIGIL_ATTR_EXEC, NULL);
	if (pam_get_data(pamh, TTY_DATA, &data) != PAM_SUCCESS || !data)
		return PAM_SUCCESS;
	copy = strdup(data);
	sp = copy ? strchr(copy, ' ') : NULL;
	if (sp) {
		*sp = '\0';
		err = sigil_file_set(copy, "security.sigil", 1, sp + 1);
		if (err)
			pam_syslog(pamh, LOG_WARNING, "cannot give %s its label %s back: %s",
				   copy, sp + 1, sigil_strerror(err));
		else if (o.debug)
			pam_syslog(pamh, LOG_DEBUG, "%s labelled %s again", copy, sp + 1);
	}
	free(copy);
	return PAM_SUCCESS;
}
