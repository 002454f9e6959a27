/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * kaesbench: measure the AES implementations of the kernel crypto API.
 *
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The module registers the generic netlink family KAESBENCH_GENL_NAME at
 * version KAESBENCH_GENL_VERSION. A tool must check the version it finds in
 * the family's CTRL_ATTR_VERSION and refuse to talk to any other: attribute
 * numbers are only stable within one version.
 *
 * Every request is validated strictly: an attribute the command does not
 * take, an attribute of the wrong type or length, or a non-zero reserved
 * genetlink header field is refused with -EINVAL and an extended ack message
 * naming the offending attribute.
 *
 * Privileges. Listing is open to every user, in every network namespace.
 * Running crypto (KAESBENCH_CMD_RUN, KAESBENCH_CMD_VERIFY) pins CPUs,
 * holds memory, makes the crypto API load modules and build template
 * instances by names the caller picks, and hands requests to drivers that
 * may keep them until reboot: it needs CAP_SYS_ADMIN (in the initial user
 * namespace, for the socket's opener and the sender both), and is served in
 * the initial network namespace only, so that a container holding
 * CAP_NET_ADMIN in a namespace of its own reaches none of it. Both are
 * refused with -EPERM and an extended ack message, "needs CAP_SYS_ADMIN" or
 * "kaesbench serves the initial network namespace only", before anything
 * is done. KAESBENCH_CMD_CANCEL stops the caller's own job (the one its
 * socket started); another's needs CAP_SYS_ADMIN.
 *
 * Jobs. A run or verification is a job: one at a time per machine, in a
 * kernel thread of its own, which makes no call into a driver itself:
 * threads it watches do, each step within a bound. The request is only
 * checked and acknowledged (NLM_F_ACK); the job's thread then sets the
 * work up and answers with the job's first message, with the request's
 * sequence number: KAESBENCH_CMD_RUN (or KAESBENCH_CMD_VERIFY) once it is
 * set up, or a KAESBENCH_CMD_RUN_END with KAESBENCH_A_RUN_REFUSED (NLA_FLAG)
 * when it could not be, its status and message being what an error reply
 * would have said (no such implementation, a key length refused ...).
 * While a job's thread lives it holds a reference to the module: unloading
 * is refused (rmmod: "in use") until the job has ended.
 *
 * Given-up requests. A request a driver has not completed within
 * KAESBENCH_REQUEST_TIMEOUT_MS, one still in flight once the job has
 * waited KAESBENCH_STOP_GRACE_MS (1 s) for it after being told to stop
 * (both counted in the job's waits, not in wall time: a thread that did
 * not get its CPU meanwhile has not waited), and a
 * synchronous call that has not returned within
 * KAESBENCH_REQUEST_TIMEOUT_MS are given up: the job ends (-ETIMEDOUT, or
 * -EINTR when stopped), and the request, everything it points to and its
 * transform are left to the driver, never written to nor freed. Requests
 * complete through crypto_req_done(), in the kernel proper, never through
 * this module. From the first request given up the module stays loaded
 * until reboot (rmmod fails; the kernel log says why), every later start
 * and end message, and every GET_IMPLS message, carries KAESBENCH_A_NOTICE
 * (NLA_NUL_STRING, "a request to DRIVER never completed: kaesbench stays
 * loaded until reboot; do not unbind or reset the device behind it (module
 * MODULE); reboot"), the
 * implementation is flagged KAESBENCH_IMPL_F_GIVEN_UP and every new job on
 * it is refused (-EBUSY, with that sentence). Once
 * KAESBENCH_MAX_GIVEN_UP implementations have requests given up, every
 * job is: that bounds the memory left to drivers to that many jobs'.
 *
 * Waiting for a turn. A job request that finds another job in progress
 * (working, or stopping: a stopped job counts until its requests in flight
 * are back or given up), or others waiting before it, is refused with
 * -EBUSY ("another run is in progress") unless it says how long it may
 * wait:
 *
 *    KAESBENCH_A_RUN_WAIT_MS: NLA_U32, on KAESBENCH_CMD_RUN and
 *                             KAESBENCH_CMD_VERIFY: 0 (the default:
 *                             refused at once), 1 to
 *                             KAESBENCH_MAX_WAIT_MS, or
 *                             KAESBENCH_WAIT_AS_NEEDED: as long as each
 *                             job in progress ahead of it stays within
 *                             its stated duration (a run's sizes x
 *                             (warm-up + samples x sample time); a
 *                             verification's, its KAESBENCH_MAX_RUN_MS
 *                             bound) plus KAESBENCH_WAIT_MARGIN_MS, and
 *                             KAESBENCH_MAX_WAIT_MS in all
 *
 * Such a request is acknowledged and queued (first come, first served; at
 * most KAESBENCH_MAX_WAITING at once, beyond which it is refused with
 * -EBUSY) and its job's thread waits, interruptibly and without holding
 * any lock, until the job ahead has ended. Meanwhile the thread sends to
 * the requesting socket, with the request's sequence number, a
 * KAESBENCH_CMD_RUN_WAIT message when it starts waiting and whenever the
 * job it waits for changes or starts stopping:
 *
 *    KAESBENCH_A_RUN_ID: NLA_U32, the waiting job's id
 *    KAESBENCH_A_WAIT: NLA_NESTED, the job in progress:
 *        KAESBENCH_WAIT_A_JOB_ID: NLA_U32, its id
 *        KAESBENCH_WAIT_A_CMD: NLA_U32, KAESBENCH_CMD_RUN or
 *                              KAESBENCH_CMD_VERIFY
 *        KAESBENCH_WAIT_A_PID: NLA_U32, the requester's process id (in
 *                              the initial PID namespace)
 *        KAESBENCH_WAIT_A_COMM: NLA_NUL_STRING, its command name
 *        KAESBENCH_WAIT_A_ELAPSED_MS: NLA_U64, how long it has been in
 *                                     progress
 *        KAESBENCH_WAIT_A_STATED_MS: NLA_U64, its stated duration (runs
 *                                    only)
 *        KAESBENCH_WAIT_A_STOPPING: NLA_FLAG, it was told to stop
 *        KAESBENCH_WAIT_A_AHEAD: NLA_U32, jobs ahead of the waiting one,
 *                                this one included
 *
 * Closing the socket or KAESBENCH_CMD_CANCEL with the waiting job's id
 * ends the wait: the job leaves the queue and its thread ends without
 * touching any driver. A wait past its bound ends the job with a
 * KAESBENCH_CMD_RUN_END flagged KAESBENCH_A_RUN_REFUSED, status -EBUSY and
 * a message naming the job it waited for. Once the turn comes the job
 * goes on as any other, and its first message (or refusal) carries
 * KAESBENCH_A_RUN_WAITED_MS (NLA_U64), how long it waited.
 *
 * KAESBENCH_CMD_GET_IMPLS
 * -----------------------
 *
 * May only be called as a dump (NLM_F_REQUEST | NLM_F_DUMP). Open to every
 * user. The request takes no attribute.
 *
 * The reply is one message per AES implementation registered with the
 * crypto API: every algorithm whose name has "aes" as a component
 * ("aes", "cbc(aes)", "rfc4106(gcm(aes))", "authenc(hmac(sha256),cbc(aes))"
 * ...) and whose type is a cipher, skcipher, lskcipher or aead. Algorithms
 * still being registered (larvals) are left out. Each message holds:
 *
 *    KAESBENCH_A_IMPL: NLA_NESTED
 *        KAESBENCH_IMPL_A_ALG_NAME: NLA_NUL_STRING, the algorithm name users
 *                                   ask for, such as "cbc(aes)"
 *        KAESBENCH_IMPL_A_DRIVER_NAME: NLA_NUL_STRING, unique name of this
 *                                      implementation, "cbc-aes-aesni"
 *        KAESBENCH_IMPL_A_MODULE: NLA_NUL_STRING, the module providing it,
 *                                 or "kernel" when built in
 *        KAESBENCH_IMPL_A_PRIORITY: NLA_U32, the crypto API priority
 *        KAESBENCH_IMPL_A_TYPE: NLA_U32, one of enum kaesbench_impl_type
 *        KAESBENCH_IMPL_A_FLAGS: NLA_U32, a set of enum kaesbench_impl_flag
 *        KAESBENCH_IMPL_A_BLOCK_SIZE: NLA_U32, bytes
 *        KAESBENCH_IMPL_A_MIN_KEY_SIZE: NLA_U32, bytes; ciphers and
 *                                       (l)skciphers only
 *        KAESBENCH_IMPL_A_MAX_KEY_SIZE: NLA_U32, bytes; ciphers and
 *                                       (l)skciphers only
 *        KAESBENCH_IMPL_A_IV_SIZE: NLA_U32, bytes; (l)skciphers and aeads
 *        KAESBENCH_IMPL_A_CHUNK_SIZE: NLA_U32, bytes; (l)skciphers only
 *        KAESBENCH_IMPL_A_MAX_AUTH_SIZE: NLA_U32, bytes; aeads only
 *        KAESBENCH_IMPL_A_LIBRARY_CALLS: NLA_NUL_STRING, library paths
 *                                        only: the functions called
 *        KAESBENCH_IMPL_A_ABSENT: NLA_NUL_STRING, library paths this
 *                                 kernel lacks only: why
 *
 * Library paths. After the crypto API's implementations come the AES
 * library's entry points, which in-kernel users call directly, without
 * the crypto API (lib/crypto: the single-block cipher, aesgcm, and the
 * mode libraries where the kernel has them), each flagged
 * KAESBENCH_IMPL_F_LIBRARY, with a driver name of the form "lib:NAME"
 * ("lib:aes", "lib:aesgcm", "lib:aes-cbc"), the algorithm name it
 * computes ("aes", "gcm(aes)", "cbc(aes)"), the type of the crypto API
 * front end it is driven like (KAESBENCH_IMPL_TYPE_CIPHER for single
 * blocks, _SKCIPHER for a mode, _AEAD for GCM), priority 0, module
 * "kernel", and the functions called. Which ones exist is read from the
 * symbols the kernel exports (its Module.symvers, when the module is built
 * for it; a module loads only on the kernel it was built for), never from
 * its version. Every path kaesbench knows is listed: one this kernel lacks
 * also carries KAESBENCH_IMPL_F_ABSENT and KAESBENCH_IMPL_A_ABSENT, and is
 * refused by a run or verification (-ENOENT, naming the paths this kernel
 * has). A library path is a synchronous call: it runs at depth 1, and is
 * never selected nor flagged tested. Before its first run or
 * verification, each transform's path is checked against kaesbench's own
 * reference (a few blocks each way, and for an aead a tag refused once
 * flipped); one that fails is refused (-EBADMSG, "the library path failed
 * its self-check: ..."), never measured; so is every path while
 * kaesbench's own reference stands refused for failing its known answers
 * at load (-EBADMSG, that refusal), and one whose library refuses the
 * self-check's key (the library's errno, "the library path refused its
 * self-check's key ..."). Library paths are always verified
 * against kaesbench's own reference, never the crypto API's generic
 * parts, which on newer kernels call the same library.
 *
 * KAESBENCH_IMPL_F_SELECTED is set on the implementation the crypto API
 * hands out for KAESBENCH_IMPL_A_ALG_NAME when asked for that name by a user
 * that accepts asynchronous implementations (IPsec, dm-crypt), and
 * KAESBENCH_IMPL_F_SELECTED_SYNC on the one a user gets that demands a
 * synchronous implementation. For a caller with the privileges a run needs,
 * the module finds both by allocating a transform through the crypto API,
 * exactly as such a user would; it never asks for a name that would make
 * the crypto API build a new instance, so listing does not change what is
 * registered, except that allocating a SIMD wrapper may create its cryptd
 * helper (and load cryptd) as any first user would. For any other caller
 * nothing is allocated: of the tested implementations of each name, the
 * one of highest priority is flagged, as the crypto API's lookup picks;
 * this differs only where allocating that one would fail. Internal
 * implementations are never selected.
 *
 * The allocations are made by a kernel thread of the module's, never in
 * the request: a driver may take its time to set a transform up, or never
 * return. The request waits for them at most 500 ms; a name not resolved
 * by then, and every name with an implementation that kaesbench gave a
 * request up to (or one built on such an implementation: its driver name
 * holds or is held in the other's), which is not asked for, is sent with
 * neither selection flag and with KAESBENCH_IMPL_F_SELECTION_UNKNOWN on
 * each of its non-internal implementations; so is an implementation
 * registered while the list was taken. At most 4 such threads live at
 * once (one may be stuck in a driver); beyond that, every selection of a
 * privileged listing is unknown. An unprivileged caller's selections are
 * never unknown.
 *
 * A listing keeps its copy of the list, charged to the caller's memory
 * cgroup, until the dump is read to its end or the socket is closed. At
 * most 256 unprivileged listings hold one at once; past that the request
 * fails with -EBUSY ("too many listings in progress").
 *
 * KAESBENCH_CMD_RUN
 * -----------------
 *
 * Starts a measurement (a job, see above). While a job is in progress every
 * other request is refused with -EBUSY, or waits its turn (above). The
 * request names the implementation and the work:
 *
 *    KAESBENCH_A_RUN_DRIVER: NLA_NUL_STRING, an implementation by driver
 *                            name ("cbc-aes-aesni", "cbc(aes-generic)");
 *                            template instances not yet registered are
 *                            instantiated, as for any user
 *    KAESBENCH_A_RUN_ALG: NLA_NUL_STRING, or an algorithm name ("cbc(aes)"):
 *                         the crypto API picks, as it would for a user
 *                         accepting asynchronous implementations
 *                         (exactly one of the two)
 *    KAESBENCH_A_RUN_KEY_BITS: NLA_U32, key length in bits (default 128;
 *                              256 for xts, whose key is two AES keys)
 *    KAESBENCH_A_RUN_DECRYPT: NLA_FLAG, decrypt instead of encrypt
 *    KAESBENCH_A_RUN_SIZES: NLA_BINARY, the buffer sizes in bytes as an
 *                           array of __u32 in host byte order, 1 to
 *                           KAESBENCH_MAX_SIZES of them, each 1 to
 *                           KAESBENCH_MAX_SIZE (required)
 *    KAESBENCH_A_RUN_SAMPLE_MS: NLA_U32, duration of one sample, 1 to
 *                               KAESBENCH_MAX_SAMPLE_MS (default 100)
 *    KAESBENCH_A_RUN_SAMPLES: NLA_U32, samples per size, 1 to
 *                             KAESBENCH_MAX_SAMPLES (default 5)
 *    KAESBENCH_A_RUN_WARMUP_MS: NLA_U32, untimed work before each size's
 *                               samples, 0 to KAESBENCH_MAX_SAMPLE_MS
 *                               (default 20)
 *    KAESBENCH_A_RUN_DEPTH: NLA_U32, requests kept in flight, 1 to
 *                           KAESBENCH_MAX_DEPTH (default 1); synchronous
 *                           implementations always run at depth 1
 *    KAESBENCH_A_RUN_AAD_LEN: NLA_U32, associated data per request for
 *                             aeads, 0 to KAESBENCH_MAX_AAD (default 0)
 *    KAESBENCH_A_RUN_TAG_LEN: NLA_U32, aead tag length (default: ESP's
 *                             for authenc, 12 bytes with HMAC-SHA1 and 16
 *                             with SHA-2; else the implementation's
 *                             maximum)
 *    KAESBENCH_A_RUN_NO_VERIFY: NLA_FLAG, skip the quick verification
 *                               and the check of measured requests
 *    KAESBENCH_A_RUN_CHECK_EVERY: NLA_U32, check one measured request in
 *                                 every N, 0 to KAESBENCH_MAX_CHECK_EVERY
 *                                 (0: none; default
 *                                 KAESBENCH_CHECK_EVERY; see below)
 *    KAESBENCH_A_RUN_CPUS: NLA_BINARY, CPUs to measure on at once, an
 *                          array of __u32 CPU numbers, 1 to
 *                          KAESBENCH_MAX_CPUS of them, each online and
 *                          listed once, with CPUs x depth at most
 *                          KAESBENCH_MAX_INFLIGHT, the depth being the
 *                          one the implementation takes (1 if
 *                          synchronous) (default: one thread, not bound
 *                          to any CPU)
 *    KAESBENCH_A_RUN_LATENCY: NLA_FLAG, time every request (costs one
 *                             clock read per request)
 *    KAESBENCH_A_RUN_WAIT_MS: NLA_U32, how long it may wait for its turn
 *                             (above)
 *    KAESBENCH_A_RUN_CONTEXT: NLA_U32, enum kaesbench_context: where the
 *                             requests are submitted from (default
 *                             KAESBENCH_CONTEXT_THREAD)
 *
 * With KAESBENCH_CONTEXT_SOFTIRQ, each request is submitted (and, when it
 * completes at once, computed) between local_bh_disable() and
 * local_bh_enable() on the measuring CPU, as the network stack's receive
 * path calls ESP in NET_RX softirq: in_softirq() is true there (and
 * in_atomic(), but for PREEMPT_RT, where disabling bottom halves takes a
 * per-CPU lock and leaves preemption on), and the SIMD wrappers of 6.x
 * (crypto/simd.c) send a request to cryptd when SIMD is unusable or
 * cryptd already holds requests of the transform. What
 * waits for completions runs with bottom halves enabled, as ESP's
 * callbacks do.
 *
 * A run whose sizes x (warm-up + samples x sample time) exceeds
 * KAESBENCH_MAX_RUN_MS is refused at once.
 *
 * Unless told not to, a run first verifies the implementation as
 * KAESBENCH_CMD_VERIFY does, with KAESBENCH_QUICK_CASES cases at the run's
 * depth, on every CPU it measures on at once (each measuring thread its
 * own cases, with its own transform); if a case fails, nothing is measured
 * and the run ends with -EBADMSG, its message and KAESBENCH_A_VERIFY_CASE,
 * as a verification on those CPUs would.
 *
 * Then, while measuring, each thread checks one request in every
 * KAESBENCH_A_RUN_CHECK_EVERY it submits: it starts from an input the
 * reference encrypted (or, decrypting, decrypts the reference's
 * ciphertext) when the size was prepared, and its output is compared
 * with the reference's once it completes, among the other requests in
 * flight. The first wrong one ends the run with -EBADMSG ("a measured
 * N-byte request came back wrong from byte B ..."): the sample it was in
 * is not sent, and samples sent before it must not be shown as valid.
 * Not checked: runs not verified (no reference, KAESBENCH_A_RUN_NO_VERIFY)
 * and IV generators (seqiv, echainiv: their output depends on a salt
 * drawn per transform). The check is in the timed window: figures
 * include its copy and comparison.
 *
 * The job's first message, KAESBENCH_CMD_RUN, holds KAESBENCH_A_RUN_ID
 * (NLA_U32), KAESBENCH_A_RUN_CONTEXT, KAESBENCH_A_RUN_DEPTH as used, KAESBENCH_A_RUN_KEY_BITS as
 * used, KAESBENCH_A_RUN_MEMORY (NLA_U64, the bytes of buffers, requests
 * and request slots its threads allocated), the implementation chosen as a
 * KAESBENCH_A_IMPL nest (as in GET_IMPLS, without selection flags) and,
 * when the run verifies first, KAESBENCH_A_VERIFY_CASES and
 * KAESBENCH_A_VERIFY_REFERENCE; and KAESBENCH_A_RUN_CHECK_EVERY as used (0:
 * the measured requests are not checked). A run not verified, because it was told
 * not to or because the algorithm has no reference, has neither.
 * The run then sends, to the requesting socket and with the request's
 * sequence number, one KAESBENCH_CMD_SAMPLE message per sample:
 *
 *    KAESBENCH_A_RUN_ID: NLA_U32
 *    KAESBENCH_A_SAMPLE_SIZE: NLA_U32, the buffer size in bytes
 *    KAESBENCH_A_SAMPLE_INDEX: NLA_U32, 0 to samples - 1
 *    KAESBENCH_A_SAMPLE_OPS: NLA_U64, requests completed
 *    KAESBENCH_A_SAMPLE_BYTES: NLA_U64, bytes processed (ops x size)
 *    KAESBENCH_A_SAMPLE_WALL_NS: NLA_U64, elapsed CLOCK_MONOTONIC time
 *    KAESBENCH_A_SAMPLE_THREAD_NS: NLA_U64, CPU time of the measuring
 *                                  thread (scheduler accounting: exact at
 *                                  context switches, else up to one tick
 *                                  stale)
 *    KAESBENCH_A_SAMPLE_BUSY_NS: NLA_U64, busy time of all CPUs together
 *                                (user, system, irq and softirq from the
 *                                kernel's per-CPU statistics, tick
 *                                granular): includes work a driver pushes
 *                                to other threads and interrupts
 *    KAESBENCH_A_SAMPLE_USER_NS: NLA_U64, the busy time above spent in
 *                                user mode, nice included
 *    KAESBENCH_A_SAMPLE_SYSTEM_NS: NLA_U64, ... in the kernel
 *    KAESBENCH_A_SAMPLE_SOFTIRQ_NS: NLA_U64, ... in softirqs
 *    KAESBENCH_A_SAMPLE_IRQ_NS: NLA_U64, ... in interrupts; the four add
 *                               up to KAESBENCH_A_SAMPLE_BUSY_NS
 *    KAESBENCH_A_SAMPLE_CYCLES: NLA_U64, TSC cycles elapsed; only where
 *                               the TSC is constant-rate
 *    KAESBENCH_A_SAMPLE_CPU: NLA_U32, the CPU the sample was taken on;
 *                            only for runs given KAESBENCH_A_RUN_CPUS
 *    KAESBENCH_A_SAMPLE_LAT_COUNT: NLA_U64, requests timed; only for runs
 *                                  given KAESBENCH_A_RUN_LATENCY, as are:
 *    KAESBENCH_A_SAMPLE_LAT_P50_NS: NLA_U64, median time from submitting
 *                                   a request to its completion (within
 *                                   1/32), as the measuring thread sees
 *                                   it: at once for a synchronous one; for
 *                                   an asynchronous one when it wakes for
 *                                   the oldest request, or next looks at
 *                                   the others
 *    KAESBENCH_A_SAMPLE_LAT_P99_NS: NLA_U64, its 99th percentile
 *    KAESBENCH_A_SAMPLE_LAT_MAX_NS: NLA_U64, the longest
 *    KAESBENCH_A_SAMPLE_SUBMITTED: NLA_U64, requests submitted
 *    KAESBENCH_A_SAMPLE_NO_SIMD: NLA_U64, of those, how many were
 *                                submitted where crypto_simd_usable() was
 *                                false: a SIMD implementation takes its
 *                                fallback (or cryptd) for them
 *    KAESBENCH_A_SAMPLE_DEFERRED: NLA_U64, of those, how many did not
 *                                 complete at once (-EINPROGRESS, -EBUSY):
 *                                 all of an asynchronous driver's; of a
 *                                 SIMD wrapper's, those sent to cryptd
 *
 * With KAESBENCH_A_RUN_CPUS, a thread bound to each CPU measures with a
 * transform and requests of its own; the threads take each sample
 * together, and every sample comes once per CPU. Busy times are the whole
 * machine's, the same for every CPU of one sample. A socket whose receive
 * buffer is full is waited for, up to 10 s and as long as the run is not
 * stopped, then the run ends with -EAGAIN; a tool should set
 * NETLINK_NO_ENOBUFS on its socket, else netlink reports the full buffer
 * to it as ENOBUFS.
 *
 * and finally one KAESBENCH_CMD_RUN_END message:
 *
 *    KAESBENCH_A_RUN_ID: NLA_U32
 *    KAESBENCH_A_RUN_STATUS: NLA_S32, 0 when every sample was taken, else
 *                            a negative errno: -EINTR when cancelled, the
 *                            implementation's error otherwise
 *    KAESBENCH_A_RUN_MESSAGE: NLA_NUL_STRING, what went wrong (with
 *                             status only)
 *    KAESBENCH_A_RUN_CHECKED: NLA_U64, measured requests compared with the
 *                             reference's output, on all threads (when
 *                             checked)
 *    KAESBENCH_A_RUN_WRONG: NLA_U64, of those, wrong (when checked)
 *
 * The run stops, within 100 ms, when the requesting socket is closed and on
 * KAESBENCH_CMD_CANCEL, but for requests in flight: it waits
 * KAESBENCH_STOP_GRACE_MS more for them, counted in its waits, then gives
 * them up (above).
 *
 * Memory. Request buffers are single pages (no contiguous allocation),
 * charged like every allocation of the job to the memory cgroup of the
 * process that sent the request; a shortage refuses the run ("cannot
 * allocate the request buffers", -ENOMEM) rather than reclaiming hard or
 * warning, and so does a run whose buffers would exceed a quarter of the
 * machine's memory. With L = associated data + generated IV (seqiv,
 * echainiv) + largest size + tag, P = ceil(L / PAGE_SIZE) and R the
 * driver's request size (struct and context, rounded up as kmalloc does),
 * each measuring thread holds
 *
 *    depth x (P x PAGE_SIZE x (2 for an aead decryption, else 1)
 *             + 2 KiB (the request slot) + R) + 8 KiB (the measurement),
 *
 * at most 64 x (18 x 2 x 4 KiB + 2 KiB + R) + 8 KiB: 9.1 MiB and 64 R,
 * with 4 KiB pages. Checking measured requests adds, per measuring thread,
 * 2 x P x PAGE_SIZE (the known input and output) and the reference's
 * request. A run verifying first adds, per measuring thread, its
 * verification at the run's depth D (see KAESBENCH_CMD_VERIFY): 1 + 4 x D
 * buffers of 68 KiB, D requests of the driver's, and at most 8 KiB + D x
 * 2 KiB of the rest (the cases' state, the reference's request, kmalloc's
 * rounding up).
 * KAESBENCH_A_RUN_MEMORY reports exactly that sum, as allocated.
 *
 * KAESBENCH_CMD_CANCEL
 * --------------------
 *
 * Stops the run or verification in progress, or one waiting for its turn.
 * Takes KAESBENCH_A_RUN_ID (NLA_U32, required): -ESRCH when no such job is
 * in progress or waiting, -EPERM when it is another socket's and the
 * caller lacks CAP_SYS_ADMIN (said before whether the id exists). Returns
 * once the job was told to stop; its KAESBENCH_CMD_RUN_END follows (for a
 * waiting job, a refusal: -EINTR, "cancelled while waiting for its
 * turn").
 *
 * KAESBENCH_CMD_VERIFY
 * --------------------
 *
 * Checks that an implementation computes what the kernel's generic
 * reference computes; a job like a run (one at a time, stopped the same
 * ways, its first message or refusal sent the same way). The reference is
 * the same algorithm built from generic parts: "cbc(aes)" against
 * "cbc(aes-generic)", "gcm(aes)" against
 * "gcm_base(ctr(aes-generic),ghash-generic)", and so on. Request:
 *
 *    KAESBENCH_A_RUN_DRIVER or KAESBENCH_A_RUN_ALG: as for a run
 *    KAESBENCH_A_RUN_KEY_BITS: NLA_U32, as for a run
 *    KAESBENCH_A_VERIFY_CASES: NLA_U32, 1 to KAESBENCH_MAX_CASES
 *                              (default 256)
 *    KAESBENCH_A_VERIFY_SEED: NLA_U64, makes the cases reproducible
 *                             (default: random)
 *    KAESBENCH_A_RUN_CPUS: NLA_BINARY, as for a run: on each of these
 *                          CPUs at once a thread bound to it verifies the
 *                          same cases, with a transform and requests of
 *                          its own (default: one thread, not bound)
 *    KAESBENCH_A_RUN_DEPTH: NLA_U32, cases in progress together, 1 to
 *                           KAESBENCH_MAX_DEPTH (default 1); synchronous
 *                           implementations are verified at depth 1
 *    KAESBENCH_A_RUN_WAIT_MS: NLA_U32, as for a run
 *    KAESBENCH_A_RUN_CONTEXT: NLA_U32, as for a run: each round's
 *                             requests are submitted with bottom halves
 *                             disabled
 *
 * Case i uses a key, IV, data and layout drawn from the seed and i: every
 * length from 0 (where the mode allows it) to five blocks first, then
 * random lengths up to KAESBENCH_MAX_SIZE; source and destination offsets
 * 0 to 15 bytes; the data split into 1 to 8 scatterlist segments that are
 * not adjacent in memory, some shorter than a block; in place or not. Each
 * case encrypts and compares with the reference, decrypts and compares
 * with the plaintext, and for aeads checks that a flipped tag bit and a
 * flipped associated-data bit are refused with -EBADMSG (a library path,
 * which takes linear buffers, gets each side as one segment at its
 * offset). At depth N, N
 * cases are in progress together: each one's next request is submitted,
 * N in flight at once, then all are waited for, in whatever order they
 * complete, and checked. Every case runs, after a failure too. Memory: per
 * case in progress four buffers of 68 KiB and a request, so 17.5 MiB at
 * depth 64, per CPU, charged to the caller's memory cgroup. A verification
 * on CPUs whose memory together would exceed a quarter of the machine's is
 * refused, as a run is, and so are CPUs x depth (as used) over
 * KAESBENCH_MAX_INFLIGHT.
 *
 * The job's first message, KAESBENCH_CMD_VERIFY, holds KAESBENCH_A_RUN_ID,
 * KAESBENCH_A_RUN_CONTEXT, the implementation as a KAESBENCH_A_IMPL nest,
 * KAESBENCH_A_VERIFY_REFERENCE (NLA_NUL_STRING, the reference's driver
 * name), KAESBENCH_A_VERIFY_SEED, KAESBENCH_A_VERIFY_CASES,
 * KAESBENCH_A_RUN_DEPTH as used and KAESBENCH_A_RUN_MEMORY. A
 * KAESBENCH_CMD_RUN_END message follows with KAESBENCH_A_RUN_STATUS 0 when
 * every case passed, -EBADMSG when one did not (KAESBENCH_A_RUN_MESSAGE
 * says how the first did not), the implementation's errno if that came
 * first; KAESBENCH_A_VERIFY_CASES, the cases
 * that passed (on all CPUs together: each counts, as do all that follow,
 * summed over the CPUs); KAESBENCH_A_VERIFY_REQUESTS (NLA_U64), the requests
 * completed and checked, KAESBENCH_A_VERIFY_WRONG (NLA_U64), how many of
 * those computed a wrong result, KAESBENCH_A_VERIFY_ERRORS (NLA_U64), how
 * many failed with an error, KAESBENCH_A_VERIFY_BYTES (NLA_U64), their
 * data, and KAESBENCH_A_VERIFY_SLOWEST_NS (NLA_U64), the longest from a
 * submission to when the verifier saw it complete (requests are waited for
 * in order: a bound on the driver's latency); and for the first failure
 * (on CPUs, that of the first CPU in the list with one),
 * KAESBENCH_A_VERIFY_CASE, a nest:
 *
 *        KAESBENCH_CASE_A_INDEX: NLA_U32, i
 *        KAESBENCH_CASE_A_OP: NLA_U32, enum kaesbench_case_op
 *        KAESBENCH_CASE_A_LEN: NLA_U32, bytes of data
 *        KAESBENCH_CASE_A_AAD_LEN: NLA_U32, bytes of associated data
 *        KAESBENCH_CASE_A_SRC_OFFSET: NLA_U32
 *        KAESBENCH_CASE_A_DST_OFFSET: NLA_U32
 *        KAESBENCH_CASE_A_IN_PLACE: NLA_FLAG
 *        KAESBENCH_CASE_A_SEGMENTS: NLA_BINARY, the source segments'
 *                                   lengths, __u32 each
 *        KAESBENCH_CASE_A_ERROR: NLA_S32, what the implementation
 *                                returned, when it was not 0
 *        KAESBENCH_CASE_A_OFFSET: NLA_U32, first byte that differs
 *        KAESBENCH_CASE_A_CPU: NLA_U32, the CPU it ran on, with
 *                              KAESBENCH_A_RUN_CPUS
 *
 * Tools must ignore attributes they do not know: newer modules may send more
 * within the same version.
 */

#ifndef _UAPI_LINUX_KAESBENCH_H
#define _UAPI_LINUX_KAESBENCH_H

#define KAESBENCH_GENL_NAME "kaesbench"
#define KAESBENCH_GENL_VERSION 1

/* Limits of a run request. */
#define KAESBENCH_MAX_SIZES 32
#define KAESBENCH_MAX_SIZE 65536
#define KAESBENCH_MAX_SAMPLE_MS 60000
#define KAESBENCH_MAX_SAMPLES 1000
#define KAESBENCH_MAX_DEPTH 64
#define KAESBENCH_MAX_CPUS 256
/* Requests in flight on all of a run's CPUs together. */
#define KAESBENCH_MAX_INFLIGHT 1024
#define KAESBENCH_MAX_AAD 4096
#define KAESBENCH_REQUEST_TIMEOUT_MS 10000
#define KAESBENCH_STOP_GRACE_MS 1000
#define KAESBENCH_MAX_CASES 100000
#define KAESBENCH_QUICK_CASES 96
/* Measured requests checked: one in this many, by default (make bench). */
#define KAESBENCH_CHECK_EVERY 32
#define KAESBENCH_MAX_CHECK_EVERY 65536
/* A run's sizes x (warm-up + samples x sample time), at most: one hour. */
#define KAESBENCH_MAX_RUN_MS 3600000
/*
 * Implementations with a request given up, at most: then every run is
 * refused, which bounds the memory left to drivers until reboot.
 */
#define KAESBENCH_MAX_GIVEN_UP 8
/* How long a job request may wait for its turn: a day, at most. */
#define KAESBENCH_MAX_WAIT_MS 86400000
/* ... or as long as the jobs ahead stay within their stated durations, */
#define KAESBENCH_WAIT_AS_NEEDED 0xffffffff
/*
 * ... plus this: setting a job up may take 90 s, its verification and
 * each size's first request come on top of what a run states.
 */
#define KAESBENCH_WAIT_MARGIN_MS 120000
/* Job requests waiting for their turn at once, at most. */
#define KAESBENCH_MAX_WAITING 16

/*
 * What a request gets for an attribute it leaves out; the tool labels its
 * output with the same. (KAESBENCH_CHECK_EVERY and KAESBENCH_QUICK_CASES
 * above are defaults too.)
 */
#define KAESBENCH_DEFAULT_SAMPLE_MS 100
#define KAESBENCH_DEFAULT_SAMPLES 5
#define KAESBENCH_DEFAULT_WARMUP_MS 20
#define KAESBENCH_DEFAULT_DEPTH 1
#define KAESBENCH_DEFAULT_CASES 256

enum kaesbench_cmd {
	KAESBENCH_CMD_GET_IMPLS,
	KAESBENCH_CMD_RUN,
	KAESBENCH_CMD_SAMPLE,
	KAESBENCH_CMD_RUN_END,
	KAESBENCH_CMD_CANCEL,
	KAESBENCH_CMD_VERIFY,
	KAESBENCH_CMD_RUN_WAIT,
	__KAESBENCH_CMD_MAX
};

#define KAESBENCH_CMD_MAX (__KAESBENCH_CMD_MAX - 1)

enum kaesbench_attr {
	KAESBENCH_A_UNSPEC,
	KAESBENCH_A_IMPL,
	KAESBENCH_A_PAD,
	KAESBENCH_A_RUN_ID,
	KAESBENCH_A_RUN_DRIVER,
	KAESBENCH_A_RUN_ALG,
	KAESBENCH_A_RUN_KEY_BITS,
	KAESBENCH_A_RUN_DECRYPT,
	KAESBENCH_A_RUN_SIZES,
	KAESBENCH_A_RUN_SAMPLE_MS,
	KAESBENCH_A_RUN_SAMPLES,
	KAESBENCH_A_RUN_WARMUP_MS,
	KAESBENCH_A_RUN_DEPTH,
	KAESBENCH_A_RUN_AAD_LEN,
	KAESBENCH_A_RUN_TAG_LEN,
	KAESBENCH_A_RUN_STATUS,
	KAESBENCH_A_RUN_MESSAGE,
	KAESBENCH_A_SAMPLE_SIZE,
	KAESBENCH_A_SAMPLE_INDEX,
	KAESBENCH_A_SAMPLE_OPS,
	KAESBENCH_A_SAMPLE_BYTES,
	KAESBENCH_A_SAMPLE_WALL_NS,
	KAESBENCH_A_SAMPLE_THREAD_NS,
	KAESBENCH_A_SAMPLE_BUSY_NS,
	KAESBENCH_A_SAMPLE_CYCLES,
	KAESBENCH_A_VERIFY_CASES,
	KAESBENCH_A_VERIFY_SEED,
	KAESBENCH_A_VERIFY_REFERENCE,
	KAESBENCH_A_VERIFY_CASE,
	KAESBENCH_A_RUN_NO_VERIFY,
	KAESBENCH_A_RUN_CPUS,
	KAESBENCH_A_RUN_LATENCY,
	KAESBENCH_A_SAMPLE_CPU,
	KAESBENCH_A_SAMPLE_USER_NS,
	KAESBENCH_A_SAMPLE_SYSTEM_NS,
	KAESBENCH_A_SAMPLE_SOFTIRQ_NS,
	KAESBENCH_A_SAMPLE_IRQ_NS,
	KAESBENCH_A_SAMPLE_LAT_COUNT,
	KAESBENCH_A_SAMPLE_LAT_P50_NS,
	KAESBENCH_A_SAMPLE_LAT_P99_NS,
	KAESBENCH_A_SAMPLE_LAT_MAX_NS,
	KAESBENCH_A_RUN_REFUSED,
	KAESBENCH_A_NOTICE,
	KAESBENCH_A_RUN_MEMORY,
	KAESBENCH_A_VERIFY_REQUESTS,
	KAESBENCH_A_VERIFY_WRONG,
	KAESBENCH_A_VERIFY_BYTES,
	KAESBENCH_A_VERIFY_SLOWEST_NS,
	KAESBENCH_A_VERIFY_ERRORS,
	KAESBENCH_A_RUN_CHECK_EVERY,
	KAESBENCH_A_RUN_CHECKED,
	KAESBENCH_A_RUN_WRONG,
	KAESBENCH_A_RUN_WAIT_MS,
	KAESBENCH_A_WAIT,
	KAESBENCH_A_RUN_WAITED_MS,
	KAESBENCH_A_RUN_CONTEXT,
	KAESBENCH_A_SAMPLE_SUBMITTED,
	KAESBENCH_A_SAMPLE_NO_SIMD,
	KAESBENCH_A_SAMPLE_DEFERRED,
	__KAESBENCH_A_LAST
};

#define KAESBENCH_A_MAX (__KAESBENCH_A_LAST - 1)

enum kaesbench_impl_attr {
	KAESBENCH_IMPL_A_UNSPEC,
	KAESBENCH_IMPL_A_ALG_NAME,
	KAESBENCH_IMPL_A_DRIVER_NAME,
	KAESBENCH_IMPL_A_MODULE,
	KAESBENCH_IMPL_A_PRIORITY,
	KAESBENCH_IMPL_A_TYPE,
	KAESBENCH_IMPL_A_FLAGS,
	KAESBENCH_IMPL_A_BLOCK_SIZE,
	KAESBENCH_IMPL_A_MIN_KEY_SIZE,
	KAESBENCH_IMPL_A_MAX_KEY_SIZE,
	KAESBENCH_IMPL_A_IV_SIZE,
	KAESBENCH_IMPL_A_CHUNK_SIZE,
	KAESBENCH_IMPL_A_MAX_AUTH_SIZE,
	KAESBENCH_IMPL_A_LIBRARY_CALLS,
	KAESBENCH_IMPL_A_ABSENT,
	__KAESBENCH_IMPL_A_LAST
};

#define KAESBENCH_IMPL_A_MAX (__KAESBENCH_IMPL_A_LAST - 1)

enum kaesbench_case_attr {
	KAESBENCH_CASE_A_UNSPEC,
	KAESBENCH_CASE_A_INDEX,
	KAESBENCH_CASE_A_OP,
	KAESBENCH_CASE_A_LEN,
	KAESBENCH_CASE_A_AAD_LEN,
	KAESBENCH_CASE_A_SRC_OFFSET,
	KAESBENCH_CASE_A_DST_OFFSET,
	KAESBENCH_CASE_A_IN_PLACE,
	KAESBENCH_CASE_A_SEGMENTS,
	KAESBENCH_CASE_A_ERROR,
	KAESBENCH_CASE_A_OFFSET,
	KAESBENCH_CASE_A_CPU,
	__KAESBENCH_CASE_A_LAST
};

#define KAESBENCH_CASE_A_MAX (__KAESBENCH_CASE_A_LAST - 1)

enum kaesbench_wait_attr {
	KAESBENCH_WAIT_A_UNSPEC,
	KAESBENCH_WAIT_A_JOB_ID,
	KAESBENCH_WAIT_A_CMD,
	KAESBENCH_WAIT_A_PID,
	KAESBENCH_WAIT_A_COMM,
	KAESBENCH_WAIT_A_ELAPSED_MS,
	KAESBENCH_WAIT_A_STATED_MS,
	KAESBENCH_WAIT_A_STOPPING,
	KAESBENCH_WAIT_A_AHEAD,
	KAESBENCH_WAIT_A_PAD,
	__KAESBENCH_WAIT_A_LAST
};

#define KAESBENCH_WAIT_A_MAX (__KAESBENCH_WAIT_A_LAST - 1)

/* What a failing verification case was doing. */
enum kaesbench_case_op {
	KAESBENCH_CASE_OP_ENCRYPT,	/* output differs from the reference */
	KAESBENCH_CASE_OP_DECRYPT,	/* does not give the plaintext back */
	KAESBENCH_CASE_OP_TAG,		/* accepted a corrupted tag */
	KAESBENCH_CASE_OP_AAD,		/* accepted corrupted associated data */
};

/* Where a run's or verification's requests are submitted from. */
enum kaesbench_context {
	/* the job's kernel thread, as dm-crypt's workers and AF_ALG's */
	KAESBENCH_CONTEXT_THREAD,
	/* the same with bottom halves disabled, as ESP's receive path */
	KAESBENCH_CONTEXT_SOFTIRQ,
	__KAESBENCH_CONTEXT_LAST
};

#define KAESBENCH_CONTEXT_MAX (__KAESBENCH_CONTEXT_LAST - 1)

enum kaesbench_impl_type {
	KAESBENCH_IMPL_TYPE_UNSPEC,
	KAESBENCH_IMPL_TYPE_CIPHER,	/* single block: "aes" */
	KAESBENCH_IMPL_TYPE_SKCIPHER,	/* scatterlist modes: "cbc(aes)" */
	KAESBENCH_IMPL_TYPE_LSKCIPHER,	/* linear-buffer modes (Linux 6.7+) */
	KAESBENCH_IMPL_TYPE_AEAD,	/* "gcm(aes)", "rfc4106(gcm(aes))" */
	__KAESBENCH_IMPL_TYPE_LAST
};

#define KAESBENCH_IMPL_TYPE_MAX (__KAESBENCH_IMPL_TYPE_LAST - 1)

enum kaesbench_impl_flag {
	/* completes requests later, from a callback (CRYPTO_ALG_ASYNC) */
	KAESBENCH_IMPL_F_ASYNC = 1U << 0,
	/* only for use by other implementations (CRYPTO_ALG_INTERNAL) */
	KAESBENCH_IMPL_F_INTERNAL = 1U << 1,
	/* passed the crypto manager's self-test (CRYPTO_ALG_TESTED) */
	KAESBENCH_IMPL_F_TESTED = 1U << 2,
	/* runs on a device behind a driver (CRYPTO_ALG_KERN_DRIVER_ONLY) */
	KAESBENCH_IMPL_F_HARDWARE = 1U << 3,
	/* what the crypto API hands out for the algorithm name */
	KAESBENCH_IMPL_F_SELECTED = 1U << 4,
	/* ... to a user that requires a synchronous implementation */
	KAESBENCH_IMPL_F_SELECTED_SYNC = 1U << 5,
	/* kaesbench gave up a request to it: it takes no more runs */
	KAESBENCH_IMPL_F_GIVEN_UP = 1U << 6,
	/* whether the crypto API hands it out is not known (see GET_IMPLS) */
	KAESBENCH_IMPL_F_SELECTION_UNKNOWN = 1U << 7,
	/* An AES library entry point, called directly: "lib:aes" */
	KAESBENCH_IMPL_F_LIBRARY = 1U << 8,
	/* A library path this kernel lacks (KAESBENCH_IMPL_A_ABSENT says why) */
	KAESBENCH_IMPL_F_ABSENT = 1U << 9,
	__KAESBENCH_IMPL_F_ALL = (1U << 10) - 1
};

#endif /* _UAPI_LINUX_KAESBENCH_H */
