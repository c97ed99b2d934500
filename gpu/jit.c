/* The CUDA stage's run-time compiled pair kernels (gpu/jit.h). */
#include "gpu/jit.h"
#include "gpu/jit_source.h"

#include <cuda_runtime.h>
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* the colour maths' headers, embedded at build time (tools/embed.cmake) */
extern const int jit_nsources;
extern const char *const jit_source_names[], *const jit_sources[];

/* NVRTC's entry points, by dlopen (its types as nvrtc.h has them) */
typedef struct _nvrtcProgram *nvrtcProgram;
static struct {
    int (*create)(nvrtcProgram *, const char *, const char *, int, const char *const *,
                  const char *const *);
    int (*compile)(nvrtcProgram, int, const char *const *);
    int (*cubin_size)(nvrtcProgram, size_t *);
    int (*cubin)(nvrtcProgram, char *);
    int (*log_size)(nvrtcProgram, size_t *);
    int (*log)(nvrtcProgram, char *);
    int (*destroy)(nvrtcProgram *);
    int ok;
    char why[160];
} nv;
static pthread_once_t nv_once = PTHREAD_ONCE_INIT;

static void nv_load(void)
{
    const char *names[] = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so",
                           "/usr/local/cuda/lib64/libnvrtc.so.13"};
    void *h = NULL;
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && !h; i++)
        h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(nv.why, sizeof(nv.why), "no NVRTC (libnvrtc.so.13)");
        return;
    }
#define SYM(f, s) *(void **)&nv.f = dlsym(h, s)
    SYM(create, "nvrtcCreateProgram");
    SYM(compile, "nvrtcCompileProgram");
    SYM(cubin_size, "nvrtcGetCUBINSize");
    SYM(cubin, "nvrtcGetCUBIN");
    SYM(log_size, "nvrtcGetProgramLogSize");
    SYM(log, "nvrtcGetProgramLog");
    SYM(destroy, "nvrtcDestroyProgram");
#undef SYM
    nv.ok =
        nv.create && nv.compile && nv.cubin_size && nv.cubin && nv.log_size && nv.log && nv.destroy;
    if (!nv.ok)
        snprintf(nv.why, sizeof(nv.why), "NVRTC without the calls it needs");
}

#define JIT_CACHE 16   /* a stage's chains remembered */
#define JIT_KERNELS 64 /* kernels a process compiles at most (then the built-in one) */

/* A compiled kernel, the process's (a stage goes, the next one with the same
 * programs finds it; none is unloaded before the process ends, so none is
 * while a launch of it may be queued). Compiled on a thread of its own while
 * the built-in kernel runs the chain (the same bytes), unless PINSTRIPE_JIT=wait */
enum { JIT_PENDING = 0, JIT_READY = 1, JIT_FAILED = -1 };

typedef struct JitKernel {
    char *src;
    int arch;
    atomic_int state;    /* JIT_*: kernel is set before READY is stored */
    cudaKernel_t kernel; /* NULL: its compile failed (not tried again) */
} JitKernel;
static struct {
    pthread_mutex_t lock;
    JitKernel k[JIT_KERNELS];
    int n;
} made = {PTHREAD_MUTEX_INITIALIZER, {{0}}, 0};

typedef struct JitEntry {
    JitKey key;
    int made;  /* its kernel's index in made, or −1: none for this chain */
    int exact; /* the kernel with its values compiled in (PINSTRIPE_JIT_EXACT=1), or −1 */
    unsigned long long used;
    int nvalues;
    float values[JIT_VALUES_MAX]; /* what its kernel reads by value (JitLaunch.values) */
} JitEntry;

#define JIT_THREADS JIT_CACHE /* compiles a stage has started and not joined, at most */

struct ColourJit {
    JitEntry e[JIT_CACHE];
    int n;
    unsigned long long tick;
    int off;
    int wait;  /* PINSTRIPE_JIT=wait: compile on the stage thread, the frame waits */
    int exact; /* PINSTRIPE_JIT_EXACT=1: each chain's values compiled in too, once the shape's
                * kernel is made (for measurements: BENCHMARKS.md) */
    int quiet; /* a failure said nothing (an exact kernel's: the shape's runs) */
    char why[200];
    int arch; /* major·10 + minor of the device */
    int dev;
    pthread_t threads[JIT_THREADS]; /* compiles started here */
    atomic_int slot[JIT_THREADS];   /* each: JIT_SLOT_* */
};

/* a compile thread's slot: free, compiling, finished (joined when a slot is wanted, or
 * when the stage goes) */
enum { JIT_SLOT_FREE = 0, JIT_SLOT_BUSY = 1, JIT_SLOT_DONE = 2 };

ColourJit *colour_jit_create(void)
{
    ColourJit *cj = (ColourJit *)calloc(1, sizeof(*cj));
    if (!cj)
        return NULL;
    const char *env = getenv("PINSTRIPE_JIT");
    cj->off = env && strcmp(env, "0") == 0;
    cj->wait = env && strcmp(env, "wait") == 0;
    const char *ex = getenv("PINSTRIPE_JIT_EXACT");
    cj->exact = ex && strcmp(ex, "1") == 0;
    return cj;
}

void colour_jit_destroy(ColourJit **pcj)
{
    ColourJit *cj = *pcj;
    if (!cj)
        return;
    for (int t = 0; t < JIT_THREADS; t++) /* (no compile outlives its stage) */
        if (atomic_load(&cj->slot[t]) != JIT_SLOT_FREE)
            pthread_join(cj->threads[t], NULL);
    free(cj);
    *pcj = NULL;
}

static void fail(ColourJit *cj, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cj->why, sizeof(cj->why), fmt, ap);
    va_end(ap);
}

/* Compile the source for the device: its binary (malloc'd), or NULL (why in
 * cj). minb > 0: at least minb blocks an SM (__launch_bounds__); *spills:
 * report_spills' */
static char *compile_once(ColourJit *cj, const char *src, int minb, int *spills)
{
    enum { NS = JIT_NSTUBS, NMAX = 64 };
    const char *names[NMAX], *texts[NMAX];
    int nh = 0;
    for (int i = 0; i < NS; i++)
        names[nh] = jit_stub_names[i], texts[nh++] = jit_stub_texts[i];
    for (int i = 0; i < jit_nsources && nh < NMAX; i++)
        names[nh] = jit_source_names[i], texts[nh++] = jit_sources[i];
    char arch[48], bounds[32];
    snprintf(arch, sizeof(arch), "--gpu-architecture=sm_%d", cj->arch);
    snprintf(bounds, sizeof(bounds), "-DJIT_MINB=%d", minb);
    /* as nvcc builds kernels.cu: no contraction into fused multiply-adds (the
     * CPU's gcc has -ffp-contract=off), IEEE division and square roots */
    const char *opts[20] = {arch,          "--fmad=false", "--prec-div=true", "--prec-sqrt=true",
                            "--ftz=false", "-std=c++17",   "-default-device", "--ptxas-options=-v"};
    int nopts = 8;
    if (minb > 0)
        opts[nopts++] = bounds;
    /* PINSTRIPE_JIT_OPTS: more options, space-separated (for measurements:
     * BENCHMARKS.md; one that changes the maths breaks CPU = CUDA) */
    char extra[256] = "";
    const char *env = getenv("PINSTRIPE_JIT_OPTS");
    if (env)
        snprintf(extra, sizeof(extra), "%s", env);
    char *save = NULL;
    for (char *t = strtok_r(extra, " ", &save); t && nopts < 20; t = strtok_r(NULL, " ", &save))
        opts[nopts++] = t;
    nvrtcProgram p = NULL;
    if (nv.create(&p, src, "colour_jit.cu", nh, texts, names) != 0) {
        fail(cj, "NVRTC could not take the kernel's source");
        return NULL;
    }
    int rc = nv.compile(p, nopts, opts);
    size_t n = 0;
    char *log = NULL;
    if (nv.log_size(p, &n) == 0 && n > 1 && (log = (char *)malloc(n)) && nv.log(p, log) != 0)
        log[0] = 0;
    if (rc != 0) {
        char line[160] = "";
        if (log) {
            char *e = strstr(log, "error");
            snprintf(line, sizeof(line), "%s", e ? e : log);
            line[strcspn(line, "\n")] = 0;
        }
        free(log);
        fail(cj, "NVRTC failed (%d) on the kernel: %s", rc, line);
        nv.destroy(&p);
        return NULL;
    }
    *spills = jit_report_spills(log);
    free(log);
    char *cubin = NULL;
    if (nv.cubin_size(p, &n) != 0 || !n || !(cubin = (char *)malloc(n)) ||
        nv.cubin(p, cubin) != 0) {
        free(cubin);
        nv.destroy(&p);
        fail(cj, "NVRTC gave no binary for sm_%d", cj->arch);
        return NULL;
    }
    nv.destroy(&p);
    return cubin;
}

/* A binary loaded and its kernel found: the kernel, or NULL (why in cj; the
 * library unloaded, nothing of it launched) */
static cudaKernel_t load(ColourJit *cj, char *cubin, cudaLibrary_t *lib)
{
    cudaKernel_t k = NULL;
    cudaError_t e = cudaLibraryLoadData(lib, cubin, NULL, NULL, 0, NULL, NULL, 0);
    free(cubin);
    if (e != cudaSuccess) {
        fail(cj, "cudaLibraryLoadData: %s", cudaGetErrorString(e));
        return NULL;
    }
    if (cudaLibraryGetKernel(&k, *lib, "colour_jit_kernel") != cudaSuccess) {
        cudaLibraryUnload(*lib);
        fail(cj, "the compiled kernel was not found in its library");
        return NULL;
    }
    return k;
}

/* Compile and load: four blocks an SM (64 registers a thread) where the
 * kernel keeps its values in them, else as many as it needs (on an H100,
 * camera=slog3-cine 2% faster at 64 than at 68: BENCHMARKS.md). The kernel,
 * or NULL (why in cj). */
static cudaKernel_t compile(ColourJit *cj, const char *src)
{
    int spills = 0;
    char *cubin = compile_once(cj, src, 4, &spills);
    if (cubin && spills > 0) {
        free(cubin);
        cubin = compile_once(cj, src, 0, &spills);
    }
    cudaLibrary_t lib = NULL;
    return cubin ? load(cj, cubin, &lib) : NULL;
}

/* Once a process, where a chain is left to the built-in kernel for a reason
 * other than no NVRTC or PINSTRIPE_JIT=0 (a compile that failed, too many
 * kernels): one line, so that the speed lost is not a mystery */
static void note(const ColourJit *cj)
{
    static atomic_int said;
    if (!cj->quiet && !atomic_exchange(&said, 1))
        fprintf(stderr,
                "pinstripe: note: no compiled CUDA kernel for an OpenColorIO chain (%s); the "
                "built-in one runs it: the same pixels, about half the speed\n",
                cj->why);
}

/* Compile made.k[i] and publish it (under no lock while NVRTC runs); a
 * failure is noted once a process. 0, or −1 when it failed */
static int build(ColourJit *cj, int i)
{
    cudaKernel_t k = compile(cj, made.k[i].src);
    pthread_mutex_lock(&made.lock);
    made.k[i].kernel = k;
    atomic_store(&made.k[i].state, k ? JIT_READY : JIT_FAILED);
    pthread_mutex_unlock(&made.lock);
    if (!k)
        note(cj);
    return k ? 0 : -1;
}

typedef struct JitJob {
    ColourJit scratch; /* arch and the reason of a failure: the thread's own */
    int i;
    atomic_int *slot; /* its stage's slot for it (the stage joins it before it goes) */
} JitJob;

static void *build_thread(void *arg)
{
    JitJob *job = (JitJob *)arg;
    if (cudaSetDevice(job->scratch.dev) == cudaSuccess) /* (the stage's device) */
        build(&job->scratch, job->i);
    else {
        fail(&job->scratch, "no device to load it on");
        pthread_mutex_lock(&made.lock);
        atomic_store(&made.k[job->i].state, JIT_FAILED);
        pthread_mutex_unlock(&made.lock);
        note(&job->scratch);
    }
    atomic_int *slot = job->slot;
    free(job);
    atomic_store(slot, JIT_SLOT_DONE);
    return NULL;
}

/* A free slot for a compile thread (finished ones joined first), or −1 */
static int free_slot(ColourJit *cj)
{
    int free_t = -1;
    for (int t = 0; t < JIT_THREADS; t++) {
        if (atomic_load(&cj->slot[t]) == JIT_SLOT_DONE) {
            pthread_join(cj->threads[t], NULL);
            atomic_store(&cj->slot[t], JIT_SLOT_FREE);
        }
        if (free_t < 0 && atomic_load(&cj->slot[t]) == JIT_SLOT_FREE)
            free_t = t;
    }
    return free_t;
}

/* The process's kernel for this source (src taken): its index in made, found
 * or added now and compiled (on a thread of its own, or here with
 * PINSTRIPE_JIT=wait); −1 when there is none (why in cj) */
static int kernel_for(ColourJit *cj, char *src, int quiet)
{
    pthread_mutex_lock(&made.lock);
    for (int i = 0; i < made.n; i++)
        if (made.k[i].arch == cj->arch && strcmp(made.k[i].src, src) == 0) {
            pthread_mutex_unlock(&made.lock);
            free(src);
            return i;
        }
    if (made.n >= (quiet ? JIT_KERNELS / 2 : JIT_KERNELS)) { /* (exact ones: half at most) */
        pthread_mutex_unlock(&made.lock);
        free(src);
        if (!quiet) {
            fail(cj, "%d kernels compiled already", JIT_KERNELS);
            note(cj);
        }
        return -1;
    }
    int i = made.n++;
    made.k[i].src = src, made.k[i].arch = cj->arch, made.k[i].kernel = NULL;
    atomic_store(&made.k[i].state, JIT_PENDING);
    pthread_mutex_unlock(&made.lock);
    int t = cj->wait ? -1 : free_slot(cj);
    JitJob *job = t < 0 ? NULL : (JitJob *)malloc(sizeof(*job));
    if (job) {
        memset(job, 0, sizeof(*job));
        job->scratch.arch = cj->arch, job->scratch.dev = cj->dev, job->i = i;
        job->scratch.quiet = quiet;
        job->slot = &cj->slot[t];
        atomic_store(&cj->slot[t], JIT_SLOT_BUSY);
        if (pthread_create(&cj->threads[t], NULL, build_thread, job) == 0)
            return i;
        atomic_store(&cj->slot[t], JIT_SLOT_FREE);
        free(job);
    }
    cj->quiet = quiet;
    build(cj, i); /* (here: asked to wait, or no thread to be had) */
    cj->quiet = 0;
    return i;
}

/* The kernel of e's chain when it is ready, with its values (*launch), else
 * NULL (compiling, or failed) */
static const void *ready(const JitEntry *e, JitLaunch *launch)
{
    int x = e->exact;
    if (x >= 0 && atomic_load(&made.k[x].state) == JIT_READY) { /* (it reads no values) */
        launch->kernel = (const void *)made.k[x].kernel;
        return launch->kernel;
    }
    int i = e->made;
    if (i < 0 || atomic_load(&made.k[i].state) != JIT_READY)
        return NULL;
    launch->kernel = (const void *)made.k[i].kernel;
    launch->values = e->values, launch->nvalues = e->nvalues;
    return launch->kernel;
}

const void *colour_jit_kernel(ColourJit *cj, const Chain *ch, int layout, int out,
                              const unsigned *version, int path, JitLaunch *launch)
{
    JitKey k;
    memset(launch, 0, sizeof(*launch));
    if (!cj || cj->off || !jit_make_key(ch, layout, out, version, path, &k))
        return NULL;
    cj->tick++;
    for (int i = 0; i < cj->n; i++)
        if (jit_same_key(&cj->e[i].key, &k)) {
            cj->e[i].used = cj->tick;
            return ready(&cj->e[i], launch);
        }
    pthread_once(&nv_once, nv_load);
    if (!nv.ok) {
        cj->off = 1;
        fail(cj, "%s", nv.why);
        return NULL;
    }
    if (!cj->arch) {
        int major = 0, minor = 0;
        enum cudaDeviceAttr cc[2] = {cudaDevAttrComputeCapabilityMajor,
                                     cudaDevAttrComputeCapabilityMinor};
        if (cudaGetDevice(&cj->dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&major, cc[0], cj->dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&minor, cc[1], cj->dev) != cudaSuccess) {
            cj->off = 1;
            fail(cj, "no device to compile for");
            return NULL;
        }
        cj->arch = 10 * major + minor;
    }
    JitEntry *e = &cj->e[0];
    if (cj->n < JIT_CACHE)
        e = &cj->e[cj->n++];
    else /* the least used chain's entry goes (its kernel stays the process's) */
        for (int i = 1; i < cj->n; i++)
            if (cj->e[i].used < e->used)
                e = &cj->e[i];
    memset(e, 0, sizeof(*e));
    e->key = k;
    e->used = cj->tick;
    e->made = e->exact = -1;
    JitBuf b = {0};
    if (jit_make_source(&k, &b, e->values, &e->nvalues) < 0) {
        free(b.p);
        fail(cj, "a program the compiler is not given (a flag that is not finite)");
        note(cj);
        return NULL;
    }
    e->made = kernel_for(cj, b.p, 0); /* (one kernel for every chain of this shape) */
    JitBuf x = {0};
    if (cj->exact && e->made >= 0 && jit_make_source_exact(&k, &x) == 0)
        e->exact = kernel_for(cj, x.p, 1); /* (then this chain's own, which the shape's serves until
                                            * it is ready) */
    else
        free(x.p);
    return ready(e, launch);
}

int colour_jit_kernels(void)
{
    int n = 0;
    pthread_mutex_lock(&made.lock);
    for (int i = 0; i < made.n; i++)
        n += atomic_load(&made.k[i].state) == JIT_READY;
    pthread_mutex_unlock(&made.lock);
    return n;
}

int colour_jit_try(const Chain *ch, int layout, int out, int arch, int path, JitTry *t, char *err,
                   size_t errlen)
{
    JitKey k;
    memset(t, 0, sizeof(*t));
    if (!jit_make_key(ch, layout, out, NULL, path, &k))
        return 0;
    pthread_once(&nv_once, nv_load);
    if (!nv.ok) {
        snprintf(err, errlen, "%s", nv.why);
        return -2;
    }
    ColourJit cj;
    memset(&cj, 0, sizeof(cj));
    cj.arch = arch;
    JitBuf b = {0};
    float values[JIT_VALUES_MAX];
    if (jit_make_source(&k, &b, values, &t->nvalues) < 0) {
        free(b.p);
        snprintf(err, errlen, "no source for the chain's programs");
        return -1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    char *cubin = compile_once(&cj, b.p, 4, &t->spills);
    t->bounded = 1;
    if (cubin && t->spills > 0) { /* (as compile does) */
        free(cubin);
        t->bounded = 0;
        cubin = compile_once(&cj, b.p, 0, &t->spills);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    free(b.p);
    t->ms = 1e3 * (double)(t1.tv_sec - t0.tv_sec) + 1e-6 * (double)(t1.tv_nsec - t0.tv_nsec);
    if (!cubin) {
        snprintf(err, errlen, "%s", cj.why);
        return -1;
    }
    free(cubin);
    return 1;
}
