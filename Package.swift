// swift-tools-version:6.0
import PackageDescription

// PhotoZoom: a pure engine under a thin SDL2 shell. Geometry → Events → Gestures, Motion; JSON → FeelModel;
// Geometry → Drawing (what a frame draws) and DrawnBounds (what a frame shows, measured);
// Viewing (behaviour) on those; Continuity (the jump detector) on DrawnBounds; LabUI (the feel lab
// drawn) on Viewing; Trace on those; Player on Trace. The desktop side by concept: Diagnostics,
// PhotoFiles, ImageFormats, Decoding, DecoderSandbox, Rendering, LiveInput, Window; Cataloguing,
// PhotoLoading, Plotting, FeelFiles, PhotoActions; App (the live app) on those and Trace;
// PlayerWindow on Window and Player. docs/modules.md draws the graph (generated from this file).
let package = Package(
    name: "PhotoZoom",
    products: [
        .executable(name: "photozoom", targets: ["photozoom"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "Events", targets: ["Events"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "FeelModel", targets: ["FeelModel"]),
        .library(name: "Drawing", targets: ["Drawing"]),
        .library(name: "Viewing", targets: ["Viewing"]),
        .library(name: "LabUI", targets: ["LabUI"]),
        .library(name: "DrawnBounds", targets: ["DrawnBounds"]),
        .library(name: "Continuity", targets: ["Continuity"]),
        .library(name: "Trace", targets: ["Trace"]),
        .library(name: "Player", targets: ["Player"]),
        // The desktop side (the live app and the modules the pipeline benchmark in Benchmarks/ uses);
        // not part of the reusable engine.
        .library(name: "App", targets: ["App"]),
        .library(name: "Window", targets: ["Window"]),
        .library(name: "PhotoFiles", targets: ["PhotoFiles"]),
        .library(name: "ImageFormats", targets: ["ImageFormats"]),
        .library(name: "Decoding", targets: ["Decoding"]),
        .library(name: "DecoderSandbox", targets: ["DecoderSandbox"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "PhotoLoading", targets: ["PhotoLoading"]),
        // The pipeline's parts, which the pipeline benchmark names (the decoder threads).
        .library(name: "DecodeScheduling", targets: ["DecodeScheduling"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        // `swift package generate-documentation`: the DocC catalogs of the library modules.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev", "libturbojpeg0-dev", "libjpeg62-turbo-dev", "libx11-dev", "libxi-dev", "zlib1g-dev", "libdeflate-dev"])]
        ),
        .target(name: "Geometry", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "Motion", dependencies: ["Geometry"]),
        // The event vocabulary (InputEvent, effect results, photo-list changes, photo names): what
        // the window system, the lab and the files say to the core, below the recognizers.
        .target(name: "Events", dependencies: ["Geometry", "JSON"]),
        .target(name: "Gestures", dependencies: ["Geometry", "Motion", "Events"], exclude: ["README.md"]),
        .target(name: "JSON"),
        .target(name: "FeelModel", dependencies: ["JSON", "Geometry", "Motion"]),
        // What one frame draws (the scene, its photos and colours): the contract between the core and
        // any renderer.
        .target(name: "Drawing", dependencies: ["Geometry"]),
        // The viewer: its state model (Mode/), what moves a photo (Drivers/), the grid (Grid/), the
        // inputs it routes (Input/), the features (Features/), notes (Notes/), what Continuity reads (Measured/).
        // What a frame may draw and how fast each drawn quantity may change (`MotionSample`,
        // `DrawnQuantity`, `GripReading`): the viewer reports it beside its scene, the jump detector reads it.
        .target(name: "DrawnBounds", dependencies: ["Geometry"]),
        .target(name: "Viewing", dependencies: ["Events", "Geometry", "Motion", "Gestures", "FeelModel", "Drawing", "DrawnBounds"], exclude: ["README.md"]),
        .target(name: "LabUI", dependencies: ["JSON", "Events", "Drawing", "Viewing", "FeelModel", "Geometry", "Gestures", "Motion"]),
        // The jump detector: what the viewer draws, with the bound its motion sets on each change
        // (`DrawnBounds`); it sees nothing of the viewer's state.
        .target(name: "Continuity", dependencies: ["Geometry", "DrawnBounds"]),
        .target(name: "Trace", dependencies: ["Events", "Drawing", "Motion", "DrawnBounds", "Geometry", "Gestures", "JSON", "FeelModel", "Viewing", "LabUI", "Continuity"]),
        // The trace player: a recorded session held in memory, any frame through checkpoints, the
        // playhead and A/B runs, the timeline and the keys (photozoom play).
        .target(name: "Player", dependencies: ["Events", "Drawing", "Geometry", "Gestures", "JSON", "FeelModel", "Viewing", "LabUI", "Trace"]),
        // Process plumbing for the decoder helpers (seccomp, rlimits, memfd, posix_spawn): C, as
        // those interfaces are macros and variadic functions.
        .target(name: "CSandbox"),
        // libheif: HEIC and AVIF, decoded in the decoder helpers (HEIFDecoder).
        .systemLibrary(name: "CHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        // libjxl: JPEG XL, decoded in the decoder helpers (JXLDecoder).
        .systemLibrary(name: "CJXL", pkgConfig: "libjxl", providers: [.apt(["libjxl-dev"])]),
        .systemLibrary(name: "CFileAttributes"),
        // statfs(2) and renameat2(2), which Swift's Glibc module leaves out (PhotoFiles).
        .systemLibrary(name: "CFileSystem"),
        // A progressive JPEG's thumbnail from its first scans (libjpeg's buffered-image mode, which
        // TurboJPEG's API does not offer; its errors jump, hence C).
        .target(name: "CJPEGScans", linkerSettings: [.linkedLibrary("jpeg")]),
        // Colour management with lcms2 (liblcms2-dev): embedded profiles to sRGB in the decoder
        // helpers (its pixel formats are macros, hence C).
        .target(name: "CColour", linkerSettings: [.linkedLibrary("lcms2")]),
        // The X11 CLIPBOARD's owner for Ctrl+C (its own connection and thread; INCR, SAVE_TARGETS).
        .target(name: "CClipboard", linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("pthread")]),
        // The desktop side, by concept (issue 31); see ARCHITECTURE.md for the picture.
        // What the command line says when something fails: `CommandLineError` (one line, its exit
        // status), `printError`, and hostile text made printable (`PrintablePath`).
        .target(name: "Diagnostics", dependencies: ["Events"]),
        // File names and paths, folders, selection, watching, file identity, config paths, trash.
        .target(name: "PhotoFiles", dependencies: ["Diagnostics", "CFileSystem", "Events"]),
        // What a photo file's header says (JPEG, PNG, HEIF, TIFF/EXIF), MD5, the catalogue's
        // entries: Swift over file bytes, no image library.
        .target(name: "ImageFormats", dependencies: ["Diagnostics", "Geometry", "Drawing", "PhotoFiles"]),
        // Decoders (TurboJPEG, the PNG reader, libheif, SDL_image), the thumbnail caches and their writer.
        .target(name: "Decoding", dependencies: ["Diagnostics", "CSDL2", "CJPEGScans", "CHEIF", "CJXL", "CColour", "Drawing", "Events", "PhotoFiles", "ImageFormats"]),
        // The decoder helper processes (sandboxed) and their wire format.
        .target(name: "DecoderSandbox", dependencies: ["CSDL2", "CSandbox", "ImageFormats", "Decoding"]),
        // Drawing a Scene with SDL: quads, text, the headless renderer, screenshots, video.
        .target(name: "Rendering", dependencies: ["Diagnostics", "CSDL2", "Geometry", "Drawing", "Events", "PhotoFiles", "Decoding"]),
        // The photo pipeline's three parts (issue 31), each with `package` access inside the package.
        // The photo library: the catalogue read at start-up, the list, headers, sizes, folder changes.
        .target(name: "Cataloguing", dependencies: ["Events", "Geometry", "Gestures", "PhotoFiles", "ImageFormats", "Decoding", "DecoderSandbox"]),
        // The texture cache: textures held within budgets, uploads (banded), fades, turns.
        .target(name: "TextureCaching", dependencies: ["CSDL2", "Decoding", "ImageFormats", "Rendering"]),
        // The decode scheduler: the ranking, the queue and decoder threads, pixels waiting, cache writes; the budgets.
        .target(name: "DecodeScheduling", dependencies: ["CSDL2", "PhotoFiles", "ImageFormats", "Decoding", "DecoderSandbox", "Rendering",
                                                         "Cataloguing", "TextureCaching"]),
        // The frame's one call over the three (`PhotoPipeline`), and a trace's textures; re-exports the three.
        .target(name: "PhotoLoading", dependencies: ["Events", "Drawing", "CSDL2", "Geometry", "Gestures", "Viewing", "PhotoFiles", "ImageFormats", "Decoding", "DecoderSandbox", "Rendering",
                                                      "Cataloguing", "DecodeScheduling", "TextureCaching"]),
        // State logs plotted, figures as tables, reference motions (plot, fit, match).
        .target(name: "Plotting", dependencies: ["JSON", "FeelModel", "Diagnostics", "CSDL2", "Geometry", "Motion", "Viewing", "LabUI", "PhotoFiles", "Rendering", "FeelFiles"]),
        // SDL's events as inputs on the session clock, the X server's times.
        .target(name: "LiveInput", dependencies: ["CSDL2", "Geometry", "Events"]),
        // The feel file: read, resolve, write, watch.
        .target(name: "FeelFiles", dependencies: ["JSON", "FeelModel", "Events", "Diagnostics", "Motion", "Gestures", "Viewing", "PhotoFiles"]),
        // What the viewer asks of the user's photo files and the clipboard: trash and undo, turns
        // written back into the file, the sort, Ctrl+C's copy.
        .target(name: "PhotoActions", dependencies: ["Events", "DecodeScheduling", "Diagnostics", "CSDL2", "CClipboard", "CFileAttributes", "Gestures", "Viewing",
                                                     "PhotoFiles", "ImageFormats", "Decoding", "DecoderSandbox", "PhotoLoading"]),
        // The window both windows open in (the live app's and `photozoom play`'s): `WindowHost` (the
        // provisional software renderer, then the accelerated one), its title and fullscreen, Mesa's cache.
        .target(name: "Window", dependencies: ["Diagnostics", "CSDL2", "CSandbox", "Geometry", "PhotoFiles"]),
        // The live app: frame loop, recording, feel file, options.
        .target(name: "App", dependencies: ["FeelModel", "Events", "Drawing", "Diagnostics", "CSDL2", "CSandbox", "Geometry", "Gestures", "Viewing", "LabUI", "Trace",
                                            "PhotoFiles", "ImageFormats", "Rendering", "PhotoLoading", "LiveInput", "FeelFiles",
                                            "PhotoActions", "JSON", "Window"]),
        // `photozoom play`'s window: the trace player drawn live.
        .target(name: "PlayerWindow", dependencies: ["JSON", "FeelModel", "Events", "Drawing", "Diagnostics", "CSDL2", "Geometry", "Gestures", "Viewing", "LabUI", "Trace", "Player",
                                                     "PhotoFiles", "Rendering", "PhotoLoading", "LiveInput", "FeelFiles", "Window"]),
        .executableTarget(
            name: "photozoom",
            dependencies: ["JSON", "FeelModel", "Events", "Motion", "Diagnostics", 
                "App", "PlayerWindow", "Geometry", "PhotoFiles", "ImageFormats", "Decoding", "DecoderSandbox", "Rendering", "PhotoLoading",
                "Plotting", "FeelFiles", "Trace", "Viewing", "LabUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // libde265 decodes HEIC on the calling thread in the decoder helpers, which cannot make
            // threads: libheif's call to start its worker binds to CSandbox's definition
            // (Sources/CSandbox/single_thread_decoders.c).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=de265_start_worker_threads"])]
        ),
        // The decoder helpers' sandbox probed from the inside (issue 33): the helpers' own set-up
        // (`pz_helper_setup`), then one escape attempted; run by the sandbox tests, not a product.
        .executableTarget(name: "sandbox-probe", dependencies: ["CSandbox"], path: "Tests/SandboxProbe"),
        // The end-to-end tests' own X clients: an XDND drag source (the drop tests) and a minimal
        // ICCCM clipboard manager (SAVE_TARGETS, the Ctrl+C test); not a product.
        .executableTarget(name: "x11-peer", path: "Tests/X11Peer", linkerSettings: [.linkedLibrary("X11")]),
        // The README's "Use the engine" example, built and run by the tests; not a product.
        .executableTarget(name: "use-the-engine", dependencies: ["Geometry", "Drawing", "Viewing"], path: "Examples/UseTheEngine"),
        // The seeded generator the property and sweep tests share; not a product.
        .target(name: "TestSupport", dependencies: ["Geometry", "JSON"], path: "Tests/TestSupport"),
        // A CMYK ICC profile made with lcms2 for the colour tests; not a product.
        .target(name: "CColourFixtures", path: "Tests/ColourFixtures", linkerSettings: [.linkedLibrary("lcms2")]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "TestSupport"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "TestSupport", "Geometry"]),
        .testTarget(name: "GesturesTests", dependencies: ["Events", "Gestures", "TestSupport", "Geometry", "Motion"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "FeelTests", dependencies: ["FeelModel", "Gestures", "Motion"]),
        .testTarget(name: "ViewerTests", dependencies: ["FeelModel", "Events", "Drawing", "JSON", "DrawnBounds", "Viewing", "LabUI", "Continuity", "Trace", "TestSupport", "Geometry", "Gestures", "Motion"]),
        .testTarget(name: "TraceTests", dependencies: ["Events", "Drawing", "DrawnBounds", "Trace", "Viewing", "Continuity", "TestSupport", "FeelModel", "Geometry", "Gestures", "JSON", "Motion"], exclude: ["Golden"]),
        .testTarget(name: "PlayerTests", dependencies: ["FeelModel", "Events", "Drawing", "Player", "Trace", "Viewing", "LabUI", "TestSupport", "Geometry", "Gestures", "JSON", "Motion"]),
        .testTarget(name: "DesktopTests", dependencies: ["Motion", "FeelModel", "Events", "Drawing", "Diagnostics", "App", "PhotoActions", "PlayerWindow", "PhotoFiles", "ImageFormats", "Decoding", "DecoderSandbox", "Rendering",
                                                       "PhotoLoading", "Cataloguing", "DecodeScheduling", "TextureCaching", "Plotting", "LiveInput", "FeelFiles", "LabUI", "Player", "CSDL2", "CJPEGScans", "CHEIF", "CColour", "CColourFixtures", "CFileAttributes", "TestSupport", "CSandbox", "Window", "Geometry", "Gestures", "JSON", "Trace", "Viewing"], exclude: ["Fixtures"]),
        .testTarget(name: "photozoomTests", dependencies: ["Gestures", "Events", "TestSupport", "photozoom", "use-the-engine", "x11-peer", "CSDL2", "Motion", "FeelFiles", "FeelModel", "Viewing"]),
    ]
)
