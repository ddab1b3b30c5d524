import Testing
import VaultCore

/// The check digits `vault add --type card|bank` warns about, and the SSH key fingerprints it
/// works out, against published examples and `ssh-keygen -l`.
@Suite("Field checks")
struct FieldChecksumTests {
    @Test("Luhn: test card numbers pass, a changed or swapped digit fails, non-digits and odd lengths fail")
    func luhn() {
        // Test numbers the card networks publish for their payment sandboxes.
        for number in ["4111 1111 1111 1111", "5500-0000-0000-0004", "378282246310005", "6011111111111117", "4012888888881881"] {
            #expect(FieldChecksum.luhn.accepts(number), "\(number)")
        }
        #expect(FieldChecksum.luhn.accepts("4111111111111112") == false, "one digit changed")
        #expect(FieldChecksum.luhn.accepts("4111111111111121") == false, "two neighbours swapped")
        #expect(FieldChecksum.luhn.accepts("41111111111111x1") == false)
        #expect(FieldChecksum.luhn.accepts("0") == false && FieldChecksum.luhn.accepts("") == false, "too short to be a card")
        #expect(FieldChecksum.luhn.accepts("٤١١١١١١١١١١١١١١١") == false, "ASCII digits only")
    }

    @Test("IBAN: ISO 13616's examples pass in any case and grouping; a changed character, a bad country or length fails")
    func iban() {
        for iban in ["GB82 WEST 1234 5698 7654 32", "gb82west12345698765432", "DE89 3704 0044 0532 0130 00", "FR14 2004 1010 0505 0001 3M02 606",
                     "NL91ABNA0417164300", "BE68539007547034"] {
            #expect(FieldChecksum.iban.accepts(iban), "\(iban)")
        }
        #expect(!FieldChecksum.iban.accepts("GB82 WEST 1234 5698 7654 33"), "last digit changed")
        #expect(!FieldChecksum.iban.accepts("GB28 WEST 1234 5698 7654 32"), "check digits swapped")
        #expect(!FieldChecksum.iban.accepts("1B82 WEST 1234 5698 7654 32"), "no country")
        #expect(!FieldChecksum.iban.accepts("GB82"), "too short")
        #expect(!FieldChecksum.iban.accepts("GB82 WEST 1234 5698 7654 32 1234 5678 9012 3"), "too long")
        #expect(!FieldChecksum.iban.accepts("GB82 WEST 1234 5698 7654 3!"))
    }

    @Test("SSH fingerprints are ssh-keygen -l's, and a line that is no key has none")
    func sshFingerprint() {
        // Keys made with ssh-keygen (OpenSSH 9.2) and the fingerprints `ssh-keygen -lf` printed.
        #expect(SSHPublicKey.fingerprint(of: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIC0Rs/yZzkZc5oFtvCQFaJPbyBdbtmzXatgB4oBh5b9M jane@example.com")
                == "SHA256:MgJiwL/99O/ujx+CauirF8pP5eCS1/1k9ZOdUFJhSrE")
        let rsa = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDC6vNRxJCWLMtr0AvJolWNtK0wQoPM+2IXFAQoeduvoDGxs+ZGZIGP1pLj96PMfth0cwJWv11x9tmoAvJ1two3ErdemLifwh0YVueUwpDDUpqEuT+/tN+WdoJDCdiznefd1S7nFlBbCCU2fw/PD9k633pBdwEQqpt/E5SRlgbW7Q=="
        #expect(SSHPublicKey.fingerprint(of: rsa) == "SHA256:Dc4GBp7Sqkjwt42m3N3+8cIbALcd9gjpbov54Q29mfM")
        #expect(SSHPublicKey.fingerprint(of: "ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIC0Rs/yZzkZc5oFtvCQFaJPbyBdbtmzXatgB4oBh5b9M") == nil, "the blob names another algorithm")
        #expect(SSHPublicKey.fingerprint(of: "ssh-ed25519 not-base64!") == nil)
        #expect(SSHPublicKey.fingerprint(of: "AAAAC3NzaC1lZDI1NTE5AAAAIC0Rs/yZzkZc5oFtvCQFaJPbyBdbtmzXatgB4oBh5b9M") == nil)
        #expect(SSHPublicKey.fingerprint(of: "") == nil)
    }
}
