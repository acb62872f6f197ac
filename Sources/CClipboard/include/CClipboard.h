#ifndef PHOTOZOOM_CCLIPBOARD_H
#define PHOTOZOOM_CCLIPBOARD_H
#include <stddef.h>

/// PhotoZoom's owner of the X11 CLIPBOARD selection (Ctrl+C, issue 32): its own connection to the
/// X server and its own unmapped window, serviced by its own thread, so SDL's event pump never sees
/// its events (SDL answers SelectionRequest only for its own hidden clipboard window, which this
/// never uses) and requests are answered while the frame loop sleeps.
///
/// It offers TARGETS, TIMESTAMP, image/png (served when the picture is supplied; requests that
/// come before wait for it; over one request's worth of bytes through the INCR protocol),
/// text/uri-list, x-special/gnome-copied-files (file managers paste the file), UTF8_STRING and
/// text/plain;charset=utf-8 (the path). MULTIPLE is refused (its requestor asks again one target
/// at a time). Ownership lasts until another client takes the selection; at `pz_clipboard_close`
/// the content is handed to a clipboard manager (ICCCM's CLIPBOARD_MANAGER, SAVE_TARGETS) when one
/// runs, otherwise it goes with the app.
typedef struct PZClipboard PZClipboard;

/// Opens the connection (the display named by `displayName`, NULL: $DISPLAY), its window and its
/// thread. Installs an X error handler that ignores errors on this connection only (a requestor
/// window gone mid-transfer) and passes every other to the handler before it. NULL when there is
/// no X server.
PZClipboard *pz_clipboard_open(const char *displayName);

/// Takes the CLIPBOARD with new content: `uriList` (a file:// URI and CRLF), `text` (the path as
/// UTF-8), and, when `withImage`, an image/png to come through `pz_clipboard_supply_image`.
/// Copies the strings. Waits for the thread's answer (a round trip to the server). Returns the
/// offer's number (> 0) when the selection is ours, -1 when not.
long pz_clipboard_offer(PZClipboard *clipboard, const char *uriList, const char *text, int withImage);

/// The PNG of offer `offer` (`length` 0: none could be made; image/png is then refused and no
/// longer listed). Copies the bytes; ignored when a later offer replaced it.
void pz_clipboard_supply_image(PZClipboard *clipboard, long offer, const unsigned char *png, size_t length);

/// 1 while the CLIPBOARD is this client's.
int pz_clipboard_owns(PZClipboard *clipboard);

/// Requests answered since the start, all targets counted (for tests and the figures).
long pz_clipboard_requests_answered(PZClipboard *clipboard);

/// Hands the content to a clipboard manager when one runs and the selection is ours (waiting at
/// most `saveSeconds` for it to copy), then stops the thread and closes the connection. Returns 1
/// when a manager confirmed it saved the content, 0 otherwise (the content goes).
int pz_clipboard_close(PZClipboard *clipboard, double saveSeconds);

#endif
