// PhotoZoom's CLIPBOARD owner (see CClipboard.h). Every Xlib call on its connection is made by
// its own thread (after pz_clipboard_open's set-up, before pz_clipboard_close's tear-down): one
// thread at a time per connection (Xlib's global state is guarded anyway: SDL's X11 driver calls
// XInitThreads before its first Xlib call). The main thread only leaves messages under the mutex
// and wakes the thread through a pipe.
#include "CClipboard.h"

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// MARK: - Shared bytes

/// Bytes shared by the content and the INCR transfers still sending them.
typedef struct Blob {
    long refs;
    size_t length;
    unsigned char bytes[];
} Blob;

static Blob *blob_make(const void *bytes, size_t length) {
    Blob *b = malloc(sizeof(Blob) + length + 1);
    if (b == NULL) return NULL;
    b->refs = 1;
    b->length = length;
    if (length > 0) memcpy(b->bytes, bytes, length);
    b->bytes[length] = 0;
    return b;
}

static Blob *blob_retain(Blob *b) { if (b) b->refs++; return b; }  // the thread's own, no lock needed
static void blob_release(Blob *b) { if (b && --b->refs == 0) free(b); }

// MARK: - State

enum { IMAGE_NONE = 0, IMAGE_PENDING = 1, IMAGE_READY = 2 };
enum { MAX_TRANSFERS = 16, MAX_WAITING = 16 };
/// Seconds an INCR transfer may wait for its requestor to take a chunk, and a request for the
/// picture may wait for it to be made, before it is dropped (a requestor gone, a decode stuck).
static const double TRANSFER_IDLE_SECONDS = 10, IMAGE_WAIT_SECONDS = 30;

/// One INCR transfer under way: the next chunk goes when the requestor deletes the property.
typedef struct Transfer {
    Window requestor;
    Atom property, type;
    Blob *blob;
    size_t offset;
    int sentEnd;        // the zero-length end was written; removed once it is deleted
    double lastActivity;
} Transfer;

/// A request for image/png that came before the picture was supplied.
typedef struct Waiting {
    XSelectionRequestEvent request;
    double since;
} Waiting;

struct PZClipboard {
    Display *display;
    Window window;
    int wake[2];
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t answered;

    // Under `lock`: the main thread's messages and the thread's answers.
    long offerCount;            // the newest offer's number
    char *nextURIs, *nextText;  // an offer not yet taken by the thread (owned strings)
    int nextWithImage;
    long offerAnswered;         // the newest offer the thread acted on
    int offerOwned;             // and whether it got the selection
    Blob *suppliedImage;        // a picture for `suppliedFor`, not yet taken
    long suppliedFor;
    int imageSupplied;
    int stopping;
    double saveSeconds;
    int saved;
    int owns;
    long answeredCount;

    // The thread's own.
    long offer;
    Blob *uris, *text, *image;
    int imageState;
    Time ownedSince;
    int owned;
    Transfer transfers[MAX_TRANSFERS];
    int transferCount;
    Waiting waiting[MAX_WAITING];
    int waitingCount;
    Atom CLIPBOARD, TARGETS, TIMESTAMP, MULTIPLE, INCR, PNG, URI_LIST, GNOME_FILES, UTF8, TEXT_UTF8, TEXT_PLAIN,
         CLIPBOARD_MANAGER, SAVE_TARGETS, STAMP, SAVE_REPLY, ATOM_PAIR;
};

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

// MARK: - Errors

static Display *errorDisplay;
static int (*previousHandler)(Display *, XErrorEvent *);

/// Errors on the clipboard's connection (a requestor's window destroyed before its property was
/// written) are expected and dropped; every other goes on to the handler installed before.
static int ignore_own_errors(Display *d, XErrorEvent *e) {
    if (d == errorDisplay) return 0;
    return previousHandler ? previousHandler(d, e) : 0;
}

// MARK: - Answering

static void notify(PZClipboard *c, const XSelectionRequestEvent *r, Atom property) {
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xselection.type = SelectionNotify;
    e.xselection.display = c->display;
    e.xselection.requestor = r->requestor;
    e.xselection.selection = r->selection;
    e.xselection.target = r->target;
    e.xselection.property = property;
    e.xselection.time = r->time;
    XSendEvent(c->display, r->requestor, False, NoEventMask, &e);
    pthread_mutex_lock(&c->lock);
    c->answeredCount++;
    pthread_mutex_unlock(&c->lock);
}

/// Bytes one ChangeProperty may carry on this connection, with room for the request's header;
/// at most 256 KiB a chunk (what common toolkits send per INCR step).
static size_t chunk_bytes(Display *d) {
    long units = XExtendedMaxRequestSize(d);
    if (units <= 0) units = XMaxRequestSize(d);
    size_t bytes = (size_t)units * 4 - 1024;
    return bytes > 262144 ? 262144 : bytes;
}

/// Writes `blob` to the requestor's property as `type` (8 bits), through INCR when it is larger
/// than one request; then notifies.
static void send_bytes(PZClipboard *c, const XSelectionRequestEvent *r, Atom property, Atom type, Blob *blob) {
    size_t chunk = chunk_bytes(c->display);
    if (blob->length <= chunk) {
        XChangeProperty(c->display, r->requestor, property, type, 8, PropModeReplace, blob->bytes, (int)blob->length);
        notify(c, r, property);
        return;
    }
    if (c->transferCount == MAX_TRANSFERS) { notify(c, r, None); return; }
    XSelectInput(c->display, r->requestor, PropertyChangeMask);
    long total = (long)blob->length;
    XChangeProperty(c->display, r->requestor, property, c->INCR, 32, PropModeReplace, (unsigned char *)&total, 1);
    Transfer *t = &c->transfers[c->transferCount++];
    t->requestor = r->requestor;
    t->property = property;
    t->type = type;
    t->blob = blob_retain(blob);
    t->offset = 0;
    t->sentEnd = 0;
    t->lastActivity = now_seconds();
    notify(c, r, property);
}

static void drop_transfer(PZClipboard *c, int i) {
    Window w = c->transfers[i].requestor;
    blob_release(c->transfers[i].blob);
    c->transfers[i] = c->transfers[--c->transferCount];
    for (int j = 0; j < c->transferCount; j++) if (c->transfers[j].requestor == w) return;
    XSelectInput(c->display, w, NoEventMask);
}

/// The requestor took a chunk (deleted the property): the next one, or the zero-length end.
static void property_deleted(PZClipboard *c, const XPropertyEvent *p) {
    for (int i = 0; i < c->transferCount; i++) {
        Transfer *t = &c->transfers[i];
        if (t->requestor != p->window || t->property != p->atom) continue;
        if (t->sentEnd) { drop_transfer(c, i); return; }
        size_t chunk = chunk_bytes(c->display), left = t->blob->length - t->offset;
        size_t n = left < chunk ? left : chunk;
        XChangeProperty(c->display, t->requestor, t->property, t->type, 8, PropModeReplace, t->blob->bytes + t->offset, (int)n);
        t->offset += n;
        if (n == 0) t->sentEnd = 1;
        t->lastActivity = now_seconds();
        return;
    }
}

static void answer(PZClipboard *c, const XSelectionRequestEvent *r) {
    Atom property = r->property != None ? r->property : r->target;  // an obsolete requestor
    if (!c->owned || r->selection != c->CLIPBOARD || r->owner != c->window ||
        (r->time != CurrentTime && r->time < c->ownedSince)) {
        notify(c, r, None);
        return;
    }
    Atom t = r->target;
    if (t == c->TARGETS) {
        Atom targets[10];
        int n = 0;
        targets[n++] = c->TARGETS;
        targets[n++] = c->TIMESTAMP;
        if (c->imageState != IMAGE_NONE) targets[n++] = c->PNG;
        targets[n++] = c->URI_LIST;
        targets[n++] = c->GNOME_FILES;
        targets[n++] = c->UTF8;
        targets[n++] = c->TEXT_UTF8;
        XChangeProperty(c->display, r->requestor, property, XA_ATOM, 32, PropModeReplace, (unsigned char *)targets, n);
        notify(c, r, property);
    } else if (t == c->TIMESTAMP) {
        long stamp = (long)c->ownedSince;
        XChangeProperty(c->display, r->requestor, property, XA_INTEGER, 32, PropModeReplace, (unsigned char *)&stamp, 1);
        notify(c, r, property);
    } else if (t == c->UTF8 || t == c->TEXT_UTF8) {
        send_bytes(c, r, property, t, c->text);
    } else if (t == c->URI_LIST) {
        send_bytes(c, r, property, t, c->uris);
    } else if (t == c->GNOME_FILES) {
        // "copy", then the URIs one a line, without the list's CRLF.
        size_t length = c->uris->length;
        while (length > 0 && (c->uris->bytes[length - 1] == '\n' || c->uris->bytes[length - 1] == '\r')) length--;
        Blob *b = malloc(sizeof(Blob) + length + 6);
        if (b == NULL) { notify(c, r, None); return; }
        b->refs = 1;
        b->length = 5 + length;
        memcpy(b->bytes, "copy\n", 5);
        memcpy(b->bytes + 5, c->uris->bytes, length);
        send_bytes(c, r, property, t, b);
        blob_release(b);
    } else if (t == c->PNG && c->imageState == IMAGE_READY) {
        send_bytes(c, r, property, t, c->image);
    } else if (t == c->PNG && c->imageState == IMAGE_PENDING && c->waitingCount < MAX_WAITING) {
        Waiting *w = &c->waiting[c->waitingCount++];
        w->request = *r;
        w->request.property = property;
        w->since = now_seconds();
    } else {
        notify(c, r, None);
    }
}

/// The picture arrived (or cannot be made): requests waiting for it are answered.
static void answer_waiting(PZClipboard *c) {
    int count = c->waitingCount;
    c->waitingCount = 0;
    for (int i = 0; i < count; i++) {
        XSelectionRequestEvent r = c->waiting[i].request;
        if (c->imageState == IMAGE_READY && c->owned) send_bytes(c, &r, r.property, c->PNG, c->image);
        else notify(c, &r, None);
    }
}

// MARK: - Ownership

/// A server time for taking the selection (ICCCM: never CurrentTime): a zero-length append to the
/// window's own property, and the time of its PropertyNotify.
static Time server_time(PZClipboard *c) {
    XChangeProperty(c->display, c->window, c->STAMP, XA_STRING, 8, PropModeAppend, (const unsigned char *)"", 0);
    XEvent e;
    for (;;) {
        XWindowEvent(c->display, c->window, PropertyChangeMask, &e);
        if (e.xproperty.atom == c->STAMP) return e.xproperty.time;
    }
}

static void take_offer(PZClipboard *c, long offer, char *uris, char *text, int withImage) {
    blob_release(c->uris);
    blob_release(c->text);
    blob_release(c->image);
    c->uris = blob_make(uris, strlen(uris));
    c->text = blob_make(text, strlen(text));
    c->image = NULL;
    c->imageState = withImage ? IMAGE_PENDING : IMAGE_NONE;
    c->offer = offer;
    free(uris);
    free(text);
    // Requests for the last picture are answered with nothing: the content changed.
    c->owned = 0;
    answer_waiting(c);
    if (c->uris == NULL || c->text == NULL) return;
    c->ownedSince = server_time(c);
    XSetSelectionOwner(c->display, c->CLIPBOARD, c->window, c->ownedSince);
    c->owned = XGetSelectionOwner(c->display, c->CLIPBOARD) == c->window;
}

/// Asks the clipboard manager to copy the content (ICCCM's SAVE_TARGETS, every target offered),
/// serving its requests until it answers or `seconds` pass. 1 when it says it saved.
static int hand_to_manager(PZClipboard *c, double seconds);

// MARK: - The thread

static void handle(PZClipboard *c, XEvent *e, int *managerAnswer) {
    switch (e->type) {
    case SelectionRequest:
        answer(c, &e->xselectionrequest);
        break;
    case SelectionClear:
        if (e->xselectionclear.selection == c->CLIPBOARD) {
            c->owned = 0;
            answer_waiting(c);
        }
        break;
    case PropertyNotify:
        if (e->xproperty.state == PropertyDelete) property_deleted(c, &e->xproperty);
        break;
    case SelectionNotify:
        if (managerAnswer && e->xselection.selection == c->CLIPBOARD_MANAGER)
            *managerAnswer = e->xselection.property != None ? 1 : 0;
        break;
    default:
        break;
    }
}

static void expire(PZClipboard *c) {
    double t = now_seconds();
    for (int i = c->transferCount - 1; i >= 0; i--)
        if (t - c->transfers[i].lastActivity > TRANSFER_IDLE_SECONDS) drop_transfer(c, i);
    for (int i = c->waitingCount - 1; i >= 0; i--) {
        if (t - c->waiting[i].since <= IMAGE_WAIT_SECONDS) continue;
        XSelectionRequestEvent r = c->waiting[i].request;
        c->waiting[i] = c->waiting[--c->waitingCount];
        notify(c, &r, None);
    }
}

/// Events and the main thread's messages for at most `timeoutMs` (−1: until one comes).
/// Returns 1 when the main thread asked the thread to stop.
static int serve_once(PZClipboard *c, int timeoutMs, int *managerAnswer) {
    while (XPending(c->display)) {
        XEvent e;
        XNextEvent(c->display, &e);
        handle(c, &e, managerAnswer);
    }
    XFlush(c->display);
    struct pollfd fds[2] = { { ConnectionNumber(c->display), POLLIN, 0 }, { c->wake[0], POLLIN, 0 } };
    if (poll(fds, 2, timeoutMs) < 0 && errno != EINTR) return 1;
    if (fds[1].revents & POLLIN) { char buf[64]; while (read(c->wake[0], buf, sizeof buf) > 0) {} }

    pthread_mutex_lock(&c->lock);
    char *uris = c->nextURIs, *text = c->nextText;
    int withImage = c->nextWithImage;
    long offer = c->offerCount;
    c->nextURIs = c->nextText = NULL;
    Blob *image = c->suppliedImage;
    long imageFor = c->suppliedFor;
    int supplied = c->imageSupplied;
    c->suppliedImage = NULL;
    c->imageSupplied = 0;
    int stopping = c->stopping;
    pthread_mutex_unlock(&c->lock);

    if (uris != NULL) {
        take_offer(c, offer, uris, text, withImage);
        pthread_mutex_lock(&c->lock);
        c->offerAnswered = offer;
        c->offerOwned = c->owned;
        pthread_cond_broadcast(&c->answered);
        pthread_mutex_unlock(&c->lock);
    }
    if (supplied) {
        if (imageFor == c->offer && c->imageState == IMAGE_PENDING) {
            c->image = image;
            c->imageState = image != NULL && image->length > 0 ? IMAGE_READY : IMAGE_NONE;
            image = NULL;
            answer_waiting(c);
        }
        blob_release(image);
    }
    expire(c);
    pthread_mutex_lock(&c->lock);
    c->owns = c->owned;
    pthread_mutex_unlock(&c->lock);
    return stopping;
}

static int hand_to_manager(PZClipboard *c, double seconds) {
    if (!c->owned || XGetSelectionOwner(c->display, c->CLIPBOARD_MANAGER) == None) return 0;
    XConvertSelection(c->display, c->CLIPBOARD_MANAGER, c->SAVE_TARGETS, c->SAVE_REPLY, c->window, c->ownedSince);
    int answer = -1;
    double end = now_seconds() + seconds;
    while (answer < 0 && now_seconds() < end) serve_once(c, 50, &answer);
    return answer == 1;
}

static void *run(void *argument) {
    PZClipboard *c = argument;
    while (!serve_once(c, 1000, NULL)) {}
    double seconds;
    pthread_mutex_lock(&c->lock);
    seconds = c->saveSeconds;
    pthread_mutex_unlock(&c->lock);
    int saved = hand_to_manager(c, seconds);
    pthread_mutex_lock(&c->lock);
    c->saved = saved;
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

// MARK: - The main thread's side

static void wake(PZClipboard *c) {
    ssize_t written = write(c->wake[1], "!", 1);
    (void)written;
}

PZClipboard *pz_clipboard_open(const char *displayName) {
    Display *d = XOpenDisplay(displayName);
    if (d == NULL) return NULL;
    PZClipboard *c = calloc(1, sizeof *c);
    if (c == NULL) { XCloseDisplay(d); return NULL; }
    c->display = d;
    if (pipe(c->wake) != 0) { XCloseDisplay(d); free(c); return NULL; }
    fcntl(c->wake[0], F_SETFL, O_NONBLOCK);
    fcntl(c->wake[1], F_SETFL, O_NONBLOCK);
    fcntl(c->wake[0], F_SETFD, FD_CLOEXEC);
    fcntl(c->wake[1], F_SETFD, FD_CLOEXEC);
    fcntl(ConnectionNumber(d), F_SETFD, FD_CLOEXEC);
    XSetWindowAttributes attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.event_mask = PropertyChangeMask;
    c->window = XCreateWindow(d, DefaultRootWindow(d), -10, -10, 1, 1, 0, CopyFromParent, InputOnly, CopyFromParent,
                              CWEventMask, &attributes);
    XStoreName(d, c->window, "PhotoZoom clipboard");
    const char *names[] = { "CLIPBOARD", "TARGETS", "TIMESTAMP", "MULTIPLE", "INCR", "image/png", "text/uri-list",
                            "x-special/gnome-copied-files", "UTF8_STRING", "text/plain;charset=utf-8", "text/plain",
                            "CLIPBOARD_MANAGER", "SAVE_TARGETS", "PHOTOZOOM_TIMESTAMP", "PHOTOZOOM_SAVED", "ATOM_PAIR" };
    Atom atoms[16];
    XInternAtoms(d, (char **)names, 16, False, atoms);
    c->CLIPBOARD = atoms[0]; c->TARGETS = atoms[1]; c->TIMESTAMP = atoms[2]; c->MULTIPLE = atoms[3]; c->INCR = atoms[4];
    c->PNG = atoms[5]; c->URI_LIST = atoms[6]; c->GNOME_FILES = atoms[7]; c->UTF8 = atoms[8]; c->TEXT_UTF8 = atoms[9];
    c->TEXT_PLAIN = atoms[10]; c->CLIPBOARD_MANAGER = atoms[11]; c->SAVE_TARGETS = atoms[12]; c->STAMP = atoms[13];
    c->SAVE_REPLY = atoms[14]; c->ATOM_PAIR = atoms[15];
    XSync(d, False);
    errorDisplay = d;
    previousHandler = XSetErrorHandler(ignore_own_errors);
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->answered, NULL);
    if (pthread_create(&c->thread, NULL, run, c) != 0) {
        XSetErrorHandler(previousHandler);
        errorDisplay = NULL;
        XDestroyWindow(d, c->window);
        XCloseDisplay(d);
        close(c->wake[0]);
        close(c->wake[1]);
        free(c);
        return NULL;
    }
    return c;
}

long pz_clipboard_offer(PZClipboard *c, const char *uriList, const char *text, int withImage) {
    if (c == NULL) return -1;
    char *u = strdup(uriList), *t = strdup(text);
    if (u == NULL || t == NULL) { free(u); free(t); return -1; }
    pthread_mutex_lock(&c->lock);
    free(c->nextURIs);
    free(c->nextText);
    c->nextURIs = u;
    c->nextText = t;
    c->nextWithImage = withImage;
    long offer = ++c->offerCount;
    wake(c);
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 2;
    while (c->offerAnswered < offer) {
        if (pthread_cond_timedwait(&c->answered, &c->lock, &deadline) == ETIMEDOUT) break;
    }
    int owned = c->offerAnswered == offer && c->offerOwned;
    pthread_mutex_unlock(&c->lock);
    return owned ? offer : -1;
}

void pz_clipboard_supply_image(PZClipboard *c, long offer, const unsigned char *png, size_t length) {
    if (c == NULL) return;
    Blob *b = length > 0 ? blob_make(png, length) : NULL;
    pthread_mutex_lock(&c->lock);
    if (c->suppliedImage) free(c->suppliedImage);
    c->suppliedImage = b;
    c->suppliedFor = offer;
    c->imageSupplied = 1;
    wake(c);
    pthread_mutex_unlock(&c->lock);
}

int pz_clipboard_owns(PZClipboard *c) {
    if (c == NULL) return 0;
    pthread_mutex_lock(&c->lock);
    int owns = c->owns;
    pthread_mutex_unlock(&c->lock);
    return owns;
}

long pz_clipboard_requests_answered(PZClipboard *c) {
    if (c == NULL) return 0;
    pthread_mutex_lock(&c->lock);
    long n = c->answeredCount;
    pthread_mutex_unlock(&c->lock);
    return n;
}

int pz_clipboard_close(PZClipboard *c, double saveSeconds) {
    if (c == NULL) return 0;
    pthread_mutex_lock(&c->lock);
    c->stopping = 1;
    c->saveSeconds = saveSeconds;
    wake(c);
    pthread_mutex_unlock(&c->lock);
    pthread_join(c->thread, NULL);
    int saved = c->saved;
    for (int i = c->transferCount - 1; i >= 0; i--) blob_release(c->transfers[i].blob);
    blob_release(c->uris);
    blob_release(c->text);
    blob_release(c->image);
    free(c->nextURIs);
    free(c->nextText);
    if (c->suppliedImage) free(c->suppliedImage);
    XDestroyWindow(c->display, c->window);
    XSync(c->display, False);
    // The handler stays (another may have been installed over it, chaining to it): with no
    // display of its own it passes every error on.
    errorDisplay = NULL;
    XCloseDisplay(c->display);
    close(c->wake[0]);
    close(c->wake[1]);
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->answered);
    free(c);
    return saved;
}
