// swift-tools-version:6.0
// The libFuzzer target of the photo-metadata reader and stripper, kept out of the main package
// because it has no main of its own (libFuzzer provides it). Built and run by `make fuzz`:
//   swift build -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
import PackageDescription

let package = Package(
    name: "vault-fuzz",
    dependencies: [.package(name: "vault", path: "..")],
    targets: [
        .executableTarget(
            name: "photo-fuzz",
            dependencies: [.product(name: "PhotoMetadata", package: "vault")]),
    ],
    swiftLanguageModes: [.v6]
)
