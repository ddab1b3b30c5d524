import ArgumentParser
import Testing
import VaultCLI
import VaultCommands
import VaultSystem

/// The command lines vault hands to git and starts for itself are spelt in VaultCLI, apart from
/// the commands they name: each must parse, with the full parser, as the command it is meant for.
@Suite("vault's own command lines")
struct OwnCommandLinesTests {
    /// The command `arguments` parse as, by name.
    private func commandName(_ arguments: [String]) throws -> String? {
        type(of: try VaultCommand.parseAsRoot(arguments)).configuration.commandName
    }

    @Test("git's merge driver, given git's four arguments, is sync merge-driver; the textconv, given a file, is sync textconv")
    func gitDrivers() throws {
        let drivers = OwnCommandLines.gitDrivers(executable: "/usr/local/bin/vault")
        #expect(drivers.merge.program == "/usr/local/bin/vault" && drivers.textconv.program == "/usr/local/bin/vault")
        let given = ["%O": "/tmp/base", "%A": "/tmp/ours", "%B": "/tmp/theirs", "%P": "vault.json"]
        let merge = drivers.merge.arguments.map { given[$0] ?? $0 }
        #expect(merge.suffix(4) == ["/tmp/base", "/tmp/ours", "/tmp/theirs", "vault.json"], "every placeholder is an argument")
        #expect(try commandName(merge) == "merge-driver")
        #expect(try commandName(drivers.textconv.arguments + ["/tmp/vault.json"]) == "textconv")
    }

    @Test("the key expirer is keyring-expire, with no argument")
    func keyExpirer() throws {
        let expirer = OwnCommandLines.keyExpirer(executable: "/usr/local/bin/vault")
        #expect(try commandName(expirer.arguments) == "keyring-expire")
    }
}
