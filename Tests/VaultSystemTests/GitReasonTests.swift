import Testing
@testable import VaultCore
@testable import VaultSystem

/// What `vault sync` says when git fails: git's own reason in one line, without a password that
/// a remote's URL may carry.
@Suite("git's reason for a failure")
struct GitReasonTests {
    @Test("the last fatal or error line is the reason, hints and control characters left out")
    func reasonLine() {
        let errors = "hint: try this\nerror: first\nfatal: the \u{1b}[31mreal\u{1b}[0m one\nhint: more\n"
        #expect(Git.reason(in: Array(errors.utf8)) == "the [31mreal[0m one")
        #expect(Git.reason(in: Array("just a line\n\n".utf8)) == "just a line")
        #expect(Git.reason(in: []) == nil)
    }

    @Test("a refused push names the ref and the remote's reason, not git's closing line")
    func refusedPush() {
        let errors = """
            remote: error: GH006: Protected branch update failed for refs/heads/main.
            To example.com:me/vault.git
             ! [remote rejected] HEAD -> main (protected branch hook declined)
            error: failed to push some refs to 'example.com:me/vault.git'

            """
        #expect(Git.reason(in: Array(errors.utf8)) == "[remote rejected] HEAD -> main (protected branch hook declined)")
        #expect(Git.reason(in: Array("! [rejected] x\nfatal: worse\n".utf8)) == "worse", "a fatal line comes first")
    }

    @Test("a URL's password is left out (with HTTP its whole user part, often a token), its host kept")
    func passwordsLeftOut() {
        #expect(Git.withoutPasswords("unable to access 'https://me:s3cret@example.com/x.git/': refused")
            == "unable to access 'https://…@example.com/x.git/': refused")
        #expect(Git.withoutPasswords("https://ghp_T0KEN@c/ and ssh://git@host:22/x and ssh://u:p@h/ and http://u:p:q@h/")
            == "https://…@c/ and ssh://git@host:22/x and ssh://u:…@h/ and http://…@h/")
        #expect(Git.withoutPasswords("no url here") == "no url here")
    }

    @Test("a command is described by its subcommand alone, never its other arguments")
    func described() {
        #expect(Git.describe(["-c", "merge.vault.driver=cp x %A", "merge", "-q", "secret-ref"]) == "git merge")
        #expect(Git.describe(["remote", "add", "origin", "https://me:s3cret@example.com/x.git"]) == "git remote")
    }
}
