/// What a machine remembers of the last version of a team's member list it accepted: the
/// version and its hash. A list offered later must be that version or one that grew from it
/// (`TeamManifest.descends(from:)`), so that whoever controls where the vault is kept cannot
/// bring back a list from before a member was removed, or show one that went another way.
///
/// Written as `EPOCH BASE64-HASH` and a newline (`5 q2Fz…=\n`).
public struct TeamPin: Equatable, Sendable {
    /// The version pinned.
    public let epoch: UInt64
    /// Its hash (`TeamManifest.hash`).
    public let hash: [UInt8]

    /// The pin of `manifest`.
    public init(_ manifest: TeamManifest) {
        epoch = manifest.epoch
        hash = manifest.hash
    }

    /// The pin `text` writes; nil for any other text (a version of 0 or with leading zeros, a
    /// hash that is not 32 bytes in Base64, another space or line).
    public init?(text: String) {
        let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let epoch = UInt64(parts[0]), epoch >= 1,
              let hash = Sodium.base64Decode(String(parts[1].dropLast())), hash.count == TeamManifest.hashLength
        else { return nil }
        self.epoch = epoch
        self.hash = hash
        guard self.text == text else { return nil }
    }

    /// The text a pin is kept as.
    public var text: String {
        "\(epoch) \(Sodium.base64Encode(hash))\n"
    }
}

/// How a member list stands to a pinned version (`TeamManifest.descends(from:)`).
public enum TeamPinVerdict: Equatable, Sendable {
    /// It is the pinned version.
    case same
    /// It is a later version whose history holds the pinned one.
    case newer
    /// It is an earlier version than the pinned one.
    case older
    /// It is the pinned version's number or later, but not the pinned version nor grown from it.
    case forked
}

extension TeamManifest {
    /// How this list stands to the version `pin` holds.
    public func descends(from pin: TeamPin) -> TeamPinVerdict {
        if epoch < pin.epoch { return .older }
        if epoch == pin.epoch { return hash == pin.hash ? .same : .forked }
        guard let place = Int(exactly: pin.epoch), place >= 1, place <= history.count, history[place - 1] == pin.hash else {
            return .forked
        }
        return .newer
    }
}
