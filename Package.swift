// swift-tools-version:6.0
import PackageDescription

// PhotoZoom: a pure engine (Geometry → Motion → Gestures → Viewer → Trace) under a thin SDL2 shell.
let package = Package(
    name: "PhotoZoom",
    products: [
        .executable(name: "photozoom", targets: ["photozoom"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "Viewer", targets: ["Viewer"]),
        .library(name: "Trace", targets: ["Trace"]),
        // The SDL shell, for the pipeline benchmark (Benchmarks/); not part of the reusable engine.
        .library(name: "Shell", targets: ["Shell"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev", "libturbojpeg0-dev"])]
        ),
        .target(name: "Geometry", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "Motion", dependencies: ["Geometry"]),
        .target(name: "Gestures", dependencies: ["Geometry", "Motion"], exclude: ["README.md"]),
        .target(name: "Viewer", dependencies: ["Geometry", "Motion", "Gestures"], exclude: ["README.md"]),
        .target(name: "Trace", dependencies: ["Geometry", "Motion", "Gestures", "Viewer"]),
        .target(name: "Shell", dependencies: ["CSDL2", "Geometry", "Motion", "Gestures", "Viewer", "Trace"]),
        .executableTarget(
            name: "photozoom",
            dependencies: [
                "Shell", "Trace", "Viewer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The seeded generator the property and sweep tests share; not a product.
        .target(name: "TestSupport", dependencies: ["Geometry"], path: "Tests/TestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "TestSupport"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "TestSupport"]),
        .testTarget(name: "ViewerTests", dependencies: ["Viewer", "TestSupport"]),
        .testTarget(name: "TraceTests", dependencies: ["Trace", "Viewer", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ShellTests", dependencies: ["Shell", "CSDL2"]),
        .testTarget(name: "photozoomTests", dependencies: ["photozoom", "CSDL2"]),
    ]
)
