import Foundation
import Testing
@testable import VaultSystem

/// A vault's path as the store keeps it (its key's label, its lock, a team vault's path record):
/// symbolic links resolved, and the same whether or not the file, or its folders, are there yet.
struct ResolvedPathTests {
    @Test func aPathResolvesAlikeBeforeAndAfterItsFileAndFoldersAreMade() throws {
        let folder = try TemporaryFolder()
        let real = folder.path + "/real"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: real)
        let base = VaultStore.resolved(folder.path)
        let missing = VaultStore.resolved(folder.path + "/link/new/deeper/v.json")
        #expect(missing == base + "/real/new/deeper/v.json")
        #expect(VaultStore.resolved(folder.path + "/link/v.json") == base + "/real/v.json")
        try FileManager.default.createDirectory(atPath: real + "/new/deeper", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: real + "/new/deeper/v.json", contents: Data())
        #expect(VaultStore.resolved(folder.path + "/link/new/deeper/v.json") == missing)
        // A rest with . or .. is left as given, as is a path none of whose folders is there.
        #expect(VaultStore.resolved(folder.path + "/nothing/../v.json") == folder.path + "/nothing/../v.json")
        #expect(VaultStore.resolved("/") == "/")
        let relative = "not-there-\(UUID().uuidString)/v.json"
        #expect(VaultStore.resolved(relative) == FileManager.default.currentDirectoryPath + "/" + relative)
    }
}
