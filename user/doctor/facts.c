// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The facts of this machine the doctor's checks judge: uname, files of
 * /proc, /sys, /lib/modules and /etc/modprobe.d, and the CPUID hypervisor
 * leaf. A file that cannot be read is a fact too: the check that needed it
 * says so.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "doctor/facts.h"
#include "doctor/proc_crypto.h"
#include "netlink/kaesbench_genl.h"
#include "output/environment.h"

/**
 * kb_doc_read() - the text of a file
 * @path: the file
 * @max: bytes to read at most
 *
 * Return: the text, NUL-terminated, to be freed; NULL if it cannot be
 * read (errno set).
 */
char *kb_doc_read(const char *path, size_t max)
{
	size_t len = 0, alloc = 4096;
	char *buf = malloc(alloc + 1), *grown;
	FILE *f = fopen(path, "re");
	size_t got;
	int err;

	if (!f || !buf) {
		err = errno;
		free(buf);
		if (f)
			fclose(f);
		errno = err;
		return NULL;
	}
	while (len < max && (got = fread(buf + len, 1, alloc - len, f))) {
		len += got;
		if (len == alloc && alloc < max) {
			alloc = alloc * 2 < max ? alloc * 2 : max;
			grown = realloc(buf, alloc + 1);
			if (!grown)
				break;
			buf = grown;
		}
	}
	err = ferror(f) ? EIO : 0;
	fclose(f);
	buf[len] = '\0';
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	return buf;
}

/* The first line of a small file, into @buf; "" if it cannot be read. */
static void read_line(const char *path, char *buf, size_t len)
{
	char *text = kb_doc_read(path, 4096);

	buf[0] = '\0';
	if (text)
		snprintf(buf, len, "%.*s", (int)strcspn(text, "\n"), text);
	free(text);
}

/*
 * Whether this is a virtual machine, and an emulator, is what the results'
 * environment says (kb_env_virtualization()), so that the doctor and the
 * JSON documents never disagree. x86's hypervisor flag was read with the
 * CPU's features; arm64 has none, and its board (the device tree of QEMU's
 * virt, kvmtool, crosvm; Xen's; DMI under UEFI) says so.
 */
static void virtualization(struct kb_doc_cpu *cpu)
{
	struct kb_env *e = malloc(sizeof(*e));
	const char *word;

	if (!e)
		return;
	kb_env_gather_machine(e, "");
	word = kb_env_virtualization(e);
	if (word && !strcmp(word, "tcg"))
		cpu->emulated = true;
	if (word && strcmp(word, "none") && !cpu->hypervisor &&
	    kb_env_virtualization_evidence(e, cpu->hv_source,
					   sizeof(cpu->hv_source)))
		cpu->hypervisor = true;
	free(e);
}

/**
 * kb_doc_cpu_facts() - the machine (uname -m) and /proc/cpuinfo, parsed
 * @cpu: filled in
 *
 * Return: 0, or -1 when the architecture is not one the doctor knows, or
 * /proc/cpuinfo cannot be read or parsed.
 */
int kb_doc_cpu_facts(struct kb_doc_cpu *cpu)
{
	/* The first CPU's block is all that is read: big machines list 100s. */
	char *text = kb_doc_read("/proc/cpuinfo", 64 * 1024);
	struct utsname u;
	int ret;

	ret = kb_doc_cpu_parse(text, uname(&u) ? NULL : u.machine, cpu);
	free(text);
	if (!ret)
		virtualization(cpu);
	return ret;
}

static void governors(struct kb_doc_env *env)
{
	char other[32];
	glob_t g;
	size_t i;

	if (glob("/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor",
		 0, NULL, &g))
		return;
	env->cpufreq = true;
	read_line(g.gl_pathv[0], env->governor, sizeof(env->governor));
	for (i = 1; i < g.gl_pathc; i++) {
		read_line(g.gl_pathv[i], other, sizeof(other));
		if (strcmp(other, env->governor))
			env->governors_differ = true;
	}
	globfree(&g);
}

static void boost(struct kb_doc_env *env)
{
	static const struct {
		const char *path;
		const char *on;
	} files[] = {
		{ "/sys/devices/system/cpu/intel_pstate/no_turbo", "0" },
		{ "/sys/devices/system/cpu/cpufreq/boost", "1" },
	};
	char v[16];
	size_t i;

	env->boost = -1;
	for (i = 0; i < sizeof(files) / sizeof(*files); i++) {
		read_line(files[i].path, v, sizeof(v));
		if (!v[0])
			continue;
		env->boost = !strcmp(v, files[i].on);
		snprintf(env->boost_source, sizeof(env->boost_source), "%s: %s",
			 files[i].path, v);
		return;
	}
}

/**
 * kb_doc_env_facts() - what says whether figures are hardware figures
 * @env: filled in
 */
void kb_doc_env_facts(struct kb_doc_env *env)
{
	memset(env, 0, sizeof(*env));
	kb_env_cpuid_signature(env->hv_vendor);
	read_line("/sys/class/dmi/id/sys_vendor", env->sys_vendor,
		  sizeof(env->sys_vendor));
	read_line("/sys/class/dmi/id/product_name", env->product,
		  sizeof(env->product));
	governors(env);
	boost(env);
}

/* Whether /proc/modules lists @name, as lsmod would. */
static int loaded(const char *modules, const char *name)
{
	const char *line = modules;
	size_t len;

	while (*line) {
		len = strcspn(line, " \n");
		if (kb_doc_modname_eq(line, len, name))
			return 1;
		line += strcspn(line, "\n");
		line += !!*line;
	}
	return 0;
}

/* The first modprobe.d file, in modprobe's directories, blacklisting it. */
static void blacklists(struct kb_doc_modstate *m)
{
	static const char *const dirs[] = {
		"/etc/modprobe.d/*.conf",
		"/run/modprobe.d/*.conf",
		"/usr/local/lib/modprobe.d/*.conf",
		"/usr/lib/modprobe.d/*.conf",
		"/lib/modprobe.d/*.conf",
	};
	char what[160], *text;
	size_t i, j;
	glob_t g;
	int line;

	for (i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		if (glob(dirs[i], 0, NULL, &g))
			continue;
		for (j = 0; j < g.gl_pathc && !m->blacklist[0]; j++) {
			text = kb_doc_read(g.gl_pathv[j], 1 << 20);
			line = text ? kb_doc_conf_blacklists(text, m->name,
							     what,
							     sizeof(what)) :
				      0;
			if (line)
				snprintf(m->blacklist, sizeof(m->blacklist),
					 "%s:%d: %s", g.gl_pathv[j], line,
					 what);
			free(text);
		}
		globfree(&g);
		if (m->blacklist[0])
			return;
	}
	text = kb_doc_read("/proc/cmdline", 64 * 1024);
	if (text &&
	    kb_doc_cmdline_blacklists(text, m->name, what, sizeof(what)))
		snprintf(m->blacklist, sizeof(m->blacklist),
			 KB_DOC_CMDLINE_BLACKLIST "%s", what);
	free(text);
}

/* Whether the kernel loads modules at all, and which it has loaded. */
static void module_files(const char *release, struct kb_doc_modstate *m,
			 size_t n)
{
	char path[512], *text, *disabled;
	size_t i;

	text = kb_doc_read("/proc/modules", 4 << 20);
	disabled = kb_doc_read("/proc/sys/kernel/modules_disabled", 64);
	for (i = 0; i < n; i++) {
		m[i].loaded = text ? loaded(text, m[i].name) : -1;
		m[i].can_load = text && !(disabled && disabled[0] == '1');
	}
	free(disabled);
	free(text);
	snprintf(path, sizeof(path), "/lib/modules/%s/modules.builtin",
		 release);
	text = kb_doc_read(path, 16 << 20);
	for (i = 0; i < n; i++)
		m[i].builtin = text && kb_doc_modlist_has(text, m[i].name);
	free(text);
	snprintf(path, sizeof(path), "/lib/modules/%s/modules.dep", release);
	text = kb_doc_read(path, 64 << 20);
	for (i = 0; i < n; i++) {
		m[i].index = text != NULL;
		m[i].available = text && kb_doc_modlist_has(text, m[i].name);
	}
	free(text);
}

/**
 * kb_doc_module_state() - the state of any modules, by name
 * @m: each with @name (and @config) set; the rest filled in, but for
 *     @blacklist
 * @n: how many
 */
void kb_doc_module_state(struct kb_doc_modstate *m, size_t n)
{
	struct utsname u;
	size_t i;

	for (i = 0; i < n; i++) {
		m[i].release[0] = '\0';
		if (!uname(&u))
			snprintf(m[i].release, sizeof(m[i].release), "%s",
				 u.release);
	}
	if (n)
		module_files(m[0].release, m, n);
}

/**
 * kb_doc_module_facts() - the state of the AES-instruction modules
 * @arch: the CPU architecture
 * @m: filled in, one per module of @arch (kb_doc_arch_names())
 * @max: how many @m holds
 *
 * Return: how many were filled in; 0 when no module is known for @arch.
 */
size_t kb_doc_module_facts(enum kb_doc_arch arch, struct kb_doc_modstate *m,
			   size_t max)
{
	const struct kb_doc_arch_names *names = kb_doc_arch_names(arch);
	size_t i, n = 0;

	while (names && n < max && n < KB_DOC_ARCH_MODULES &&
	       names->module[n].name)
		n++;
	for (i = 0; i < n; i++) {
		memset(&m[i], 0, sizeof(m[i]));
		m[i].name = names->module[i].name;
		m[i].config = names->module[i].config;
	}
	kb_doc_module_state(m, n);
	for (i = 0; i < n; i++)
		blacklists(&m[i]);
	return n;
}

/**
 * kb_doc_impl_facts() - the AES implementations, from the module or not
 * @list: filled in; free it with kb_impl_list_free()
 * @why: set to why the module was not asked, when it was not
 * @len: size of @why
 *
 * Return: 0 with the module's list, 1 with one inferred from
 * /proc/crypto, or -1 with none.
 */
int kb_doc_impl_facts(struct kb_impl_list *list, char *why, size_t len)
{
	struct kb_genl g;
	char *text;
	int ret;

	ret = kb_genl_try_open(&g);
	if (!ret && kb_get_impls(&g, list))
		ret = -1;
	kb_genl_close(&g);
	if (!ret)
		return 0;
	kb_impl_list_free(list);
	snprintf(why, len, "%s",
		 ret == -ENOENT ? "the kaesbench module is not loaded" :
				  "the kaesbench module could not be asked");
	text = kb_doc_read("/proc/crypto", 16 << 20);
	if (!text)
		return -1;
	ret = kb_doc_proc_crypto_parse(text, list);
	free(text);
	if (ret) {
		kb_impl_list_free(list);
		return -1;
	}
	return 1;
}
