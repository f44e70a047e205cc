// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Larder",
    // LarderCore (Foundation, swift-crypto, Yams) is also used by macOS and iOS apps: these are
    // the versions it builds for. LarderKit and the `larder` CLI link libxml2, libcurl and
    // libarchive and are built and tested on Linux; what differs between systems is in each
    // module's Platform file (PlatformTests).
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "LarderKit", targets: ["LarderKit"]),
        .library(name: "LarderCore", targets: ["LarderCore"]),
        // The scraper on its own, for an app that fetches pages its own way: libxml2 and
        // LarderCore, without LarderKit's libcurl, libarchive and SQLite.
        .library(name: "LarderHTML", targets: ["LarderHTML"]),
        .executable(name: "larder", targets: ["larder"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The printable cookbook is rendered from Mustache templates that users can replace.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // SHA-256 of every stored file, recipe ids and checksums: BoringSSL's on Linux, CryptoKit on Apple platforms.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The YAML front matter of Cooklang and Chowdown files (tests also read back what Larder writes).
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // C libraries. Each shim header works around one interop trap (see the header).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        // The library's index (docs/architecture.md, "Library index"): SQLite with FTS5.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        .target(name: "LarderCore", dependencies: [.product(name: "Crypto", package: "swift-crypto"), .product(name: "Yams", package: "Yams")]),
        .target(name: "LarderHTML", dependencies: ["LarderCore", "CLibXML2"]),
        .target(name: "LarderNet", dependencies: ["CCurl", "LarderArchive"]),
        .target(name: "LarderArchive", dependencies: ["CArchive"]),
        .target(
            name: "LarderKit",
            dependencies: ["LarderCore", "LarderHTML", "LarderNet", "LarderArchive", "CSQLite", .product(name: "Mustache", package: "swift-mustache")],
            resources: [.copy("Cookbook/Templates")]
        ),
        // The CLI uses LarderKit's API only; the C wrappers stay behind it.
        .executableTarget(name: "larder", dependencies: [
            "LarderKit", "LarderCore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Benchmarks are programs that print numbers (see Benchmarks/*.sh).
        .executableTarget(name: "ingredients-benchmark", dependencies: ["LarderCore", "IngredientCorpusIO"], path: "Benchmarks/IngredientsBenchmark"),

        // Writes a generated library's recipe files for Benchmarks/library-index.sh.
        .executableTarget(name: "library-generator", dependencies: ["LarderCore"], path: "Benchmarks/LibraryGenerator"),

        .executableTarget(name: "scrape-corpus", dependencies: ["LarderCore", "LarderHTML", "LarderArchive"], path: "Benchmarks/ScrapeCorpus"),

        // Developer tools: `make train-ingredient-tagger` retrains the shipped ingredient tagger.
        .target(name: "IngredientCorpusIO", dependencies: ["LarderCore"], path: "Tools/IngredientCorpusIO"),
        // The tagger's training, kept out of LarderCore's public API: it reads the parser's
        // internals through `package` access.
        .target(name: "IngredientTaggerTraining", dependencies: ["LarderCore", "IngredientCorpusIO"], path: "Tools/IngredientTaggerTraining"),
        .executableTarget(name: "train-ingredient-tagger", dependencies: ["LarderCore", "IngredientCorpusIO", "IngredientTaggerTraining"], path: "Tools/TrainIngredientTagger"),

        // Finds Tests/Fixtures and makes scratch folders; shared by the test targets.
        .target(name: "TestSupport", path: "Tests/Support"),
        .testTarget(name: "LarderCoreTests", dependencies: ["LarderCore", "TestSupport"], path: "Tests/LarderCoreTests"),
        .testTarget(name: "IngredientTaggerTrainingTests", dependencies: ["IngredientTaggerTraining", "IngredientCorpusIO", "LarderCore"], path: "Tests/IngredientTaggerTrainingTests"),
        .testTarget(name: "ScraperTests", dependencies: ["LarderHTML", "LarderCore", "TestSupport"], path: "Tests/ScraperTests"),
        .testTarget(name: "NetTests", dependencies: ["LarderNet", "TestSupport"], path: "Tests/NetTests"),
        .testTarget(name: "CLibraryTests", dependencies: ["LarderHTML", "LarderNet", "LarderArchive", "TestSupport"], path: "Tests/CLibraryTests"),
        // Whole workflows through the real `larder` binary, checking that nothing is lost.
        .testTarget(name: "WorkflowTests", dependencies: ["LarderCore", "TestSupport"], path: "Tests/WorkflowTests"),
        // Tests that start processes (the larder binary, make, swift, python, strace), through
        // TestSupport's `Program` and `LarderCommand`: none blocks a thread of the test pool.
        .testTarget(
            name: "ProcessTests",
            dependencies: ["LarderKit", "LarderCore", "LarderArchive", "LarderNet", "TestSupport", .product(name: "Yams", package: "Yams")],
            path: "Tests/ProcessTests"
        ),
        .testTarget(
            name: "LarderKitTests",
            dependencies: ["LarderKit", "LarderCore", "LarderHTML", "LarderNet", "LarderArchive", "TestSupport", .product(name: "Yams", package: "Yams")],
            path: "Tests/LarderKitTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
