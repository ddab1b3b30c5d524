// swift-tools-version:6.0
// vault's libFuzzer targets, kept out of the main package because they have no main of their own
// (libFuzzer provides it) and are built with -sanitize=fuzzer. Every folder of Sources/ whose
// name ends in "-fuzz" is one target, an executable over FuzzSupport and vault's libraries;
// `scripts/fuzz` (make fuzz) builds and runs them. docs/fuzzing.md says what each checks.
import Foundation
import PackageDescription

let sources = Context.packageDirectory + "/Sources"
let targetNames = ((try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? [])
    .filter { $0.hasSuffix("-fuzz") }.sorted()
let libraries = ["VaultCore", "VaultSystem", "Interchange", "PhotoMetadata", "Breach", "TLSAudit", "SSHAgent"]

let package = Package(
    name: "vault-fuzz",
    dependencies: [
        .package(name: "vault", path: ".."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(name: "FuzzSupport"),
        // What the import-* targets share: one input read, checked and round-tripped.
        .target(name: "ImportFuzzing", dependencies: ["FuzzSupport", .product(name: "Interchange", package: "vault"),
                                                     .product(name: "VaultCore", package: "vault"),
                                                     .product(name: "VaultSystem", package: "vault")]),
    ] + targetNames.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzSupport"] + (name.hasPrefix("import-") ? ["ImportFuzzing"] : [])
                + libraries.map { .product(name: $0, package: "vault") }
                + (name == "server-hello-fuzz" ? [.product(name: "NIOEmbedded", package: "swift-nio")] : []),
            // No main: libFuzzer's driver starts the target's entry point.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    },
    swiftLanguageModes: [.v6]
)
