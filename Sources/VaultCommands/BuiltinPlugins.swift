import Breach
import EXIF
import Entropy
import Generator
import TLSAudit
import VaultCLI
import VaultCore
import VaultSystem

/// The one list of built-in plugins. Adding a plugin is a folder under Plugins/, a target in
/// Package.swift, and a line here.
enum BuiltinPlugins {
    static let all: [any VaultPlugin] = [
        GeneratorPlugin(),
        EntropyPlugin(),
        BreachPlugin(),
        TLSPlugin(),
        EXIFPlugin(),
    ]
}
