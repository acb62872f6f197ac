// swift-tools-version:6.0
import PackageDescription

// PhotoZoom: a pure engine under a thin SDL2 shell. Geometry → Motion → Gestures; JSON → Feel;
// Geometry → Drawing (what a frame draws);
// Viewer (behaviour) on both; LabUI (the feel lab drawn) and Continuity (the jump detector) on
// Viewer; Trace on those; Shell on all.
// See docs/design.md for the module graph.
let package = Package(
    name: "PhotoZoom",
    products: [
        .executable(name: "photozoom", targets: ["photozoom"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "Feel", targets: ["Feel"]),
        .library(name: "Drawing", targets: ["Drawing"]),
        .library(name: "Viewer", targets: ["Viewer"]),
        .library(name: "LabUI", targets: ["LabUI"]),
        .library(name: "Continuity", targets: ["Continuity"]),
        .library(name: "Trace", targets: ["Trace"]),
        .library(name: "Player", targets: ["Player"]),
        // The SDL shell, for the pipeline benchmark (Benchmarks/); not part of the reusable engine.
        .library(name: "Shell", targets: ["Shell"]),
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
        .target(name: "Gestures", dependencies: ["Geometry", "Motion"], exclude: ["README.md"]),
        .target(name: "JSON"),
        .target(name: "Feel", dependencies: ["JSON", "Geometry", "Motion"]),
        // What one frame draws (the scene, its photos and colours): the contract between the core and
        // any renderer.
        .target(name: "Drawing", dependencies: ["Geometry"]),
        .target(name: "Viewer", dependencies: ["Geometry", "Motion", "Gestures", "Feel", "Drawing"], exclude: ["README.md"]),
        .target(name: "LabUI", dependencies: ["Viewer"]),
        // The jump detector: what the viewer draws, with the bound its motion sets on each change.
        .target(name: "Continuity", dependencies: ["Geometry", "Motion", "Viewer"]),
        .target(name: "Trace", dependencies: ["Geometry", "Motion", "Gestures", "Feel", "Viewer", "LabUI", "Continuity"]),
        // The trace player: a recorded session held in memory, any frame through checkpoints, the
        // playhead and A/B runs, the timeline and the keys (photozoom play).
        .target(name: "Player", dependencies: ["Geometry", "Gestures", "JSON", "Feel", "Viewer", "LabUI", "Trace"]),
        // Process plumbing for the decoder helpers (seccomp, rlimits, memfd, posix_spawn): C, as
        // those interfaces are macros and variadic functions.
        .target(name: "CSandbox"),
        // libheif: HEIC and AVIF, decoded in the decoder helpers (HEIFDecoder).
        .systemLibrary(name: "CHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        // A progressive JPEG's thumbnail from its first scans (libjpeg's buffered-image mode, which
        // TurboJPEG's API does not offer; its errors jump, hence C).
        .target(name: "CJPEGScans", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "Shell", dependencies: ["CSDL2", "CSandbox", "CJPEGScans", "CHEIF", "Geometry", "Motion", "Gestures", "Feel", "Viewer", "LabUI", "Trace", "Player"]),
        .executableTarget(
            name: "photozoom",
            dependencies: [
                "Shell", "Trace", "Viewer", "LabUI", "Player",
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
        // The README's "Use the engine" example, built and run by the tests; not a product.
        .executableTarget(name: "use-the-engine", dependencies: ["Viewer"], path: "Examples/UseTheEngine"),
        // The seeded generator the property and sweep tests share; not a product.
        .target(name: "TestSupport", dependencies: ["Geometry"], path: "Tests/TestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "TestSupport"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "TestSupport"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "FeelTests", dependencies: ["Feel", "Gestures"]),
        .testTarget(name: "ViewerTests", dependencies: ["Viewer", "LabUI", "Continuity", "Trace", "TestSupport"]),
        .testTarget(name: "TraceTests", dependencies: ["Trace", "Viewer", "Continuity", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "PlayerTests", dependencies: ["Player", "Trace", "Viewer", "LabUI", "TestSupport"]),
        .testTarget(name: "ShellTests", dependencies: ["Shell", "LabUI", "Player", "CSDL2", "CJPEGScans", "CHEIF", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "photozoomTests", dependencies: ["photozoom", "use-the-engine", "CSDL2", "Motion"]),
    ]
)
