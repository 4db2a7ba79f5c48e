// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "afrun",
    products: [
        .executable(name: "afrun", targets: ["afrun"]),
        .executable(name: "afrun-fixtures", targets: ["afrun-fixtures"]),
        .executable(name: "afrun-bench", targets: ["afrun-bench"]),
        .executable(name: "afrun-schema-bench", targets: ["afrun-schema-bench"]),
        .executable(name: "afrun-json-bench", targets: ["afrun-json-bench"]),
        .library(name: "AFSession", targets: ["AFSession"]),
        .library(name: "JSONPath", targets: ["JSONPath"]),
        .library(name: "JSONSchema", targets: ["JSONSchema"]),
        .library(name: "AFSuite", targets: ["AFSuite"]),
        .library(name: "AFRunner", targets: ["AFRunner"]),
        .library(name: "AFHistory", targets: ["AFHistory"]),
        .library(name: "AFReports", targets: ["AFReports"]),
        .library(name: "FixtureServer", targets: ["FixtureServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // C at the edge: module maps plus typed wrappers for variadic and macro APIs.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        // libxml2's HTML and XML parsers and XPath engine, for XPath assertions.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),

        // zlib, brotli and zstd decoders: the session core undoes `Content-Encoding` itself when a request
        // measures the body as it came over the wire (libcurl links the same libraries for its own decoding).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlidec", providers: [.apt(["libbrotli-dev"])]),
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),

        // Linux networking calls Swift cannot make directly (ioctl, setns), for reachability.
        .target(name: "CLinuxNet"),

        // A lock around a value (`LockedValue`), shared by the modules that keep state between threads.
        .target(name: "Locking"),
        // The session core: AFNetworking's design on libcurl and OpenSSL.
        .target(
            name: "AFSession",
            dependencies: ["CCurl", "COpenSSL", "CLinuxNet", "CZlib", "CBrotli", "CZstd", "Locking"]
        ),
        // RFC 9535 JSONPath and the project's JSON value type; pure.
        .target(name: "JSONPath"),
        // JSON Schema (draft 2020-12 and draft-07) over JSONPath's JSON value; pure.
        .target(name: "JSONSchema", dependencies: ["JSONPath"]),
        // OpenAPI 3.0/3.1 documents (JSON or YAML) read with OpenAPIKit; responses checked against an
        // operation's documented statuses, content types, headers and body schemas.
        .target(
            name: "AFOpenAPI",
            dependencies: [
                "JSONPath", "JSONSchema",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Suite model, decoding with source locations, validation; no networking. libxml2 compiles XPath
        // expressions so `validate` reports one that cannot run.
        .target(name: "AFSuite", dependencies: ["JSONPath", "JSONSchema", "AFOpenAPI", "CLibXML2", "Locking"]),
        // Scheduling, assertions, results, reports.
        .target(
            name: "AFRunner",
            dependencies: ["AFSession", "AFSuite", "JSONPath", "JSONSchema", "CLibXML2", "Locking"]
        ),
        // Run history in SQLite, or shared in PostgreSQL (through a local SQLite spool).
        .target(
            name: "AFHistory",
            dependencies: [
                "AFRunner", "AFSession", "Locking", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // JUnit XML, JSON report, GitHub Actions annotations and summary, the HTML run and history reports.
        .target(name: "AFReports", dependencies: ["AFSession", "AFSuite", "AFRunner", "AFHistory", "JSONPath", "Locking"]),
        // The in-process httpbin-like server: the only module that imports NIO.
        .target(
            name: "FixtureServer",
            dependencies: [
                "COpenSSL",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
            ]
        ),

        .executableTarget(
            name: "afrun",
            dependencies: [
                "AFSession", "JSONPath", "JSONSchema", "AFSuite", "AFRunner", "AFHistory", "AFReports", "Locking",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "afrun-fixtures",
            dependencies: [
                "FixtureServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "afrun-bench",
            dependencies: [
                "AFSession", "FixtureServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Times JSON Schema validation of a 1 MiB response (docs/json-schema.md).
        .executableTarget(name: "afrun-schema-bench", dependencies: ["JSONPath", "JSONSchema"]),
        // Times parsing a 1 MiB response into a JSON document and querying it (docs/performance.md).
        .executableTarget(name: "afrun-json-bench", dependencies: ["JSONPath"]),

        // libFuzzer targets, one per parser (ci/fuzz.sh builds them with -sanitize=fuzzer,address and
        // -DAFRUN_FUZZ; an ordinary build makes replayers of saved inputs). No products: not installed.
        .target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"),
        .target(name: "FuzzDriver", dependencies: ["CFuzzerDriver", "Locking"], path: "Fuzz/FuzzDriver"),
        .executableTarget(
            name: "FuzzSuiteDecoder",
            dependencies: ["AFSuite", "FuzzDriver"],
            path: "Fuzz/FuzzSuiteDecoder"
        ),
        .executableTarget(name: "FuzzTemplate", dependencies: ["AFSuite", "FuzzDriver"], path: "Fuzz/FuzzTemplate"),
        .executableTarget(
            name: "FuzzJSONPath",
            dependencies: ["JSONPath", "FuzzDriver"],
            path: "Fuzz/FuzzJSONPath"
        ),
        .executableTarget(name: "FuzzVarsFile", dependencies: ["AFSuite", "FuzzDriver"], path: "Fuzz/FuzzVarsFile"),
        .executableTarget(
            name: "FuzzCSVReader",
            dependencies: ["AFSuite", "FuzzDriver"],
            path: "Fuzz/FuzzCSVReader"
        ),

        // What several test targets share for driving child processes (no product, only the tests use it).
        .target(name: "TestSupport", dependencies: ["CSpawnActions", "Locking"], path: "Tests/TestSupport"),
        // glibc's spawn file actions that need _GNU_SOURCE, declared for TestSupport.
        .target(name: "CSpawnActions", path: "Tests/CSpawnActions"),
        .testTarget(name: "AFSessionTests", dependencies: ["AFSession", "FixtureServer", "Locking", "TestSupport"]),
        .testTarget(name: "JSONPathTests", dependencies: ["JSONPath"]),
        .testTarget(name: "JSONSchemaTests", dependencies: ["JSONSchema", "JSONPath"]),
        .testTarget(name: "AFOpenAPITests", dependencies: ["AFOpenAPI", "JSONPath"]),
        .testTarget(name: "AFSuiteTests", dependencies: ["AFSuite", "TestSupport"]),
        .testTarget(
            name: "AFRunnerTests",
            dependencies: ["AFRunner", "AFSuite", "JSONSchema", "AFOpenAPI", "FixtureServer", "Locking"]
        ),
        .testTarget(name: "AFHistoryTests", dependencies: ["AFHistory", "AFRunner", "Locking", "TestSupport"]),
        .testTarget(name: "AFReportsTests", dependencies: ["AFReports", "AFRunner", "AFHistory", "TestSupport"]),
        .testTarget(name: "FixtureServerTests", dependencies: ["FixtureServer", "TestSupport"]),
        .testTarget(name: "afrunTests", dependencies: ["afrun", "FixtureServer", "TestSupport"]),
    ]
)
