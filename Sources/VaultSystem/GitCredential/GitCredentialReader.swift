import VaultCore
import SystemPackage

/// Reads git's credential description from a stream: `key=value` lines up to a blank line or
/// the end of the input (git-credential(1), "INPUT/OUTPUT FORMAT"). Unknown keys are ignored;
/// a key given twice keeps its last value, as git does. Nothing is read past the blank line, so
/// a person typing a request gets the answer without ending the input.
public enum GitCredentialReader {
    /// More lines than git ever sends; a longer stream is not a request.
    public static let maximumLines = 1000

    /// The description on `input` (standard input), line by line; each line is read into
    /// guarded memory (`SecretReader`), as it may be a password.
    public static func read(from input: FileDescriptor) throws -> GitCredential {
        var credential = GitCredential()
        var number = 0
        while let line = try SecretReader.lineOrEnd(from: input, what: "standard input"), line.count > 0 {
            number += 1
            guard number <= maximumLines else { throw GitCredentialError.tooManyLines(limit: maximumLines) }
            try line.withUnsafeBytes { bytes throws(GitCredentialError) in try take(bytes, number: number, into: &credential) }
        }
        return credential
    }

    /// Takes one line, line `number` of the request, into `credential`.
    private static func take(_ line: UnsafeRawBufferPointer, number: Int, into credential: inout GitCredential) throws(GitCredentialError) {
        if line.contains(0) { throw .nulByte(line: number) }
        guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { throw .notKeyValue(line: number) }
        let key = String(decoding: line[..<equals], as: UTF8.self)
        let attribute: WritableKeyPath<GitCredential, String?>
        switch key {
        case "protocol": attribute = \.protocolName
        case "host": attribute = \.host
        case "path": attribute = \.path
        case "username": attribute = \.username
        case "password": attribute = \.password
        case "password_expiry_utc":
            let digits = line[(equals + 1)...]
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ (0x30...0x39).contains($0) }),
                  let seconds = Int64(String(decoding: digits, as: UTF8.self)) else { throw .badExpiry(line: number) }
            credential.passwordExpiry = seconds
            return
        default: return
        }
        guard let value = String(validating: line[(equals + 1)...], as: UTF8.self) else { throw .notUTF8(line: number, key: key) }
        credential[keyPath: attribute] = value
    }
}
