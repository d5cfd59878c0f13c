// swift-tools-version: 6.2
// The layers read top to bottom: the executables, the command layer, the services, then the
// transport / vault / bundle libraries over their C system libraries. Nothing imports upward.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]
// libxml2's headers are in their own directory (Debian's libxml2-dev). Given here rather than through
// pkg-config, which would also link -lxml2: hubctl loads libxml2 on first use, like the libraries
// below. Only the targets that include the headers need it (HubCore imports CLibXML internally).
let libxml2Headers = "/usr/include/libxml2"

let package = Package(
    name: "hubctl",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "hubctl", targets: ["hubctl"]),
        .executable(name: "hubctl-emulator", targets: ["hubctl-emulator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        // C system libraries (Debian -dev packages) and the typed shim over curl's variadic calls.
        // OpenSSL is linked, and SQLite's static library (HubServices below). libcurl, libarchive
        // and libxml2 are not: their modules give the headers, and CLibraries loads each library on
        // first use (dlopen), so a command that needs none of them (--version, help, vault) does
        // not pay for loading them.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CArchive", providers: [.apt(["libarchive-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibXML", providers: [.apt(["libxml2-dev"])]),
        .target(name: "CLibraries", dependencies: ["CCurl", "CArchive", "CSQLite", "CLibXML"],
                cSettings: [.unsafeFlags(["-I", libxml2Headers])]),
        .target(name: "CCurlShim", dependencies: ["CCurl", "CLibraries"]),

        // Shared vocabulary: errors and exit codes, JSON values and output, atomic files, XML reading.
        .target(name: "HubCore", dependencies: ["CLibraries", "COpenSSL", "CLibXML"],
                swiftSettings: strict + [.unsafeFlags(["-Xcc", "-I", "-Xcc", libxml2Headers])]),

        // Libraries that know nothing of SMP.
        .target(name: "HubTransport", dependencies: ["HubCore", "CCurlShim", "CCurl", "CLibraries"], swiftSettings: strict),
        .target(name: "HubVault", dependencies: ["HubCore", "COpenSSL"], swiftSettings: strict),
        .target(name: "HubBundles", dependencies: ["HubCore", "CArchive", "CLibraries", "COpenSSL"], swiftSettings: strict),

        // Configuration: profiles, environment, clienthub.plist → one resolved configuration.
        .target(name: "HubConfig", dependencies: [
            "HubCore",
            .product(name: "Yams", package: "Yams"),
        ], swiftSettings: strict),

        // Credentials: the reactive chain and certificate providers.
        .target(name: "HubAuth", dependencies: ["HubCore", "HubTransport", "HubVault", "COpenSSL", "CLibraries"], swiftSettings: strict),

        // SMP: registration, settings, ACP over the transport. SQLite (the registration records) is
        // linked statically (Debian's libsqlite3-dev ships libsqlite3.a): loading libsqlite3.so was
        // most of the registration read of `settings get` (docs/architecture.md "Start-up"); the
        // code that is never called costs a command nothing but file size.
        .target(name: "HubServices", dependencies: [
            "HubCore", "HubConfig", "HubTransport", "HubAuth", "HubVault", "HubBundles", "CSQLite", "CLibraries",
        ], swiftSettings: strict, linkerSettings: [.linkedLibrary(":libsqlite3.a")]),

        // Commands: flags → request value → service call → output value.
        .target(name: "HubCLI", dependencies: [
            "HubCore", "HubConfig", "HubServices", "HubVault", "HubAuth", "HubBundles", "CLibraries",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: strict),
        .executableTarget(name: "hubctl", dependencies: ["HubCLI"], swiftSettings: strict),

        // The local server.
        .target(name: "HubEmulator", dependencies: [
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            "COpenSSL",
        ], swiftSettings: strict),
        .executableTarget(name: "hubctl-emulator", dependencies: [
            "HubEmulator",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: strict),

        .testTarget(name: "HubCoreTests", dependencies: ["HubCore"]),
        .testTarget(name: "HubConfigTests", dependencies: ["HubConfig", "HubCore"]),
        .testTarget(name: "HubTransportTests", dependencies: ["HubTransport", "HubCore"]),
        .testTarget(name: "HubVaultTests", dependencies: ["HubVault", "HubCore"]),
        .testTarget(name: "HubBundlesTests", dependencies: ["HubBundles", "HubCore"]),
        .testTarget(name: "HubAuthTests", dependencies: ["HubAuth", "HubCore", "HubTransport", "HubVault"]),
        .testTarget(name: "HubServicesTests", dependencies: ["HubServices", "HubCore", "HubTransport", "HubVault"]),
        .testTarget(name: "HubEmulatorTests", dependencies: [
            "HubEmulator", .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),
        // Commands run in-process against the in-process emulator (the fast paths).
        .testTarget(name: "HubCLITests", dependencies: [
            "HubCLI", "HubCore", "HubConfig", "HubTransport", "HubEmulator", "HubServices",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Runs the built hubctl and hubctl-emulator binaries; no fixed ports.
        .testTarget(name: "EndToEndTests", dependencies: ["HubCore"]),
    ]
)
