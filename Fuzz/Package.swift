// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for every parser of Larder that reads untrusted bytes. A package of its own
// so that `swift build` and `swift test` of Larder never compile fuzzing code; `make fuzz`
// builds it with `-sanitize=fuzzer,address` and runs each target (see Fuzz/fuzz.sh).
//
// Each target is one file whose `LLVMFuzzerTestOneInput` hands the bytes to one parser the way
// `larder import` would. They use `@testable import`, so the build passes `-enable-testing`.

let targets = [
    "ingredient", "duration-yield", "json", "recipe-json", "jsonld-repair", "html",
    "mealmaster", "cooklang", "xml", "csv", "app-export", "bundle",
]

let package = Package(
    name: "LarderFuzz",
    platforms: [.macOS(.v13)],
    products: targets.map { .executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"]) },
    dependencies: [
        // Named, so the products resolve whatever the checkout's folder is called.
        .package(name: "Larder", path: ".."),
    ],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", .product(name: "LarderKit", package: "Larder")]),
    ] + targets.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: ["FuzzSupport", .product(name: "LarderKit", package: "Larder"), .product(name: "LarderCore", package: "Larder")],
            path: "Sources/\(name)"
        )
    },
    swiftLanguageModes: [.v6]
)
