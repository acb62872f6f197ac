// swift-tools-version:6.0
import PackageDescription

// PhotoZoom's micro-benchmarks, a package of their own so the test build never compiles them.
// Run through scripts/bench (release build).
let package = Package(
    name: "PhotoZoomBenchmarks",
    dependencies: [
        .package(name: "PhotoZoom", path: ".."),
        .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
    ],
    targets: [
        .executableTarget(
            name: "photozoom-bench",
            dependencies: [
                .product(name: "Geometry", package: "PhotoZoom"),
                .product(name: "Motion", package: "PhotoZoom"),
                .product(name: "Gestures", package: "PhotoZoom"),
                .product(name: "Viewing", package: "PhotoZoom"),
                .product(name: "Trace", package: "PhotoZoom"),
                .product(name: "Player", package: "PhotoZoom"),
                .product(name: "Drawing", package: "PhotoZoom"),
                .product(name: "Events", package: "PhotoZoom"),
                .product(name: "Benchmark", package: "swift-benchmark"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Pointer prediction on synthetic mouse paths (scripts/bench predict): the core's
        // predictor and score alone, so it builds in seconds.
        .executableTarget(
            name: "photozoom-prediction-bench",
            dependencies: [
                .product(name: "Geometry", package: "PhotoZoom"),
                .product(name: "Motion", package: "PhotoZoom"),
            ]
        ),
        // The photo pipeline against real folders (scripts/bench pipeline): start-up, streaming,
        // memory, thumbnail throughput against the plain decode.
        .executableTarget(
            name: "photozoom-pipeline-bench",
            dependencies: [
                .product(name: "Geometry", package: "PhotoZoom"),
                .product(name: "Gestures", package: "PhotoZoom"),
                .product(name: "Viewing", package: "PhotoZoom"),
                .product(name: "PhotoFiles", package: "PhotoZoom"),
                .product(name: "ImageFormats", package: "PhotoZoom"),
                .product(name: "Decoding", package: "PhotoZoom"),
                .product(name: "DecoderSandbox", package: "PhotoZoom"),
                .product(name: "Rendering", package: "PhotoZoom"),
                .product(name: "PhotoLoading", package: "PhotoZoom"),
                .product(name: "DecodeScheduling", package: "PhotoZoom"),
                .product(name: "Drawing", package: "PhotoZoom"),
                .product(name: "Events", package: "PhotoZoom"),
            ]
        ),
    ]
)
