import Foundation
import Testing
import VaultSystem

/// The record of the vaults whose "key not cached" note was given: once per vault, an empty file,
/// and said again rather than never when the state folder cannot be written.
struct NoKeyringNotesTests {
    private let first = "0f8e6c1a-8f0b-4c1e-9d7a-2b5c3e4f6a7b"
    private let second = "7d2e9a41-3c5b-4f6e-8a1d-9e0b2c4d6f8a"

    @Test func eachVaultIsFirstOnce() throws {
        let home = try TemporaryFolder()
        let notes = NoKeyringNotes(stateHome: home.path)
        #expect(notes.firstTime(vaultID: first))
        #expect(!notes.firstTime(vaultID: first))
        #expect(notes.firstTime(vaultID: second))
        #expect(!NoKeyringNotes(stateHome: home.path).firstTime(vaultID: second), "another command reads the same record")
    }

    @Test func theRecordIsAnEmptyFileOnlyItsOwnerReads() throws {
        let home = try TemporaryFolder()
        let notes = NoKeyringNotes(stateHome: home.path)
        _ = notes.firstTime(vaultID: first)
        let path = notes.folder + "/" + first
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.size] as? Int == 0)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
    }

    @Test func aStateFolderThatCannotBeWrittenSaysItEachTime() throws {
        let home = try TemporaryFolder()
        // A file where the folder would be: nothing can be made below it, whoever runs the test.
        FileManager.default.createFile(atPath: home.path + "/vault", contents: Data())
        let notes = NoKeyringNotes(stateHome: home.path)
        #expect(notes.firstTime(vaultID: first))
        #expect(notes.firstTime(vaultID: first))
    }
}
