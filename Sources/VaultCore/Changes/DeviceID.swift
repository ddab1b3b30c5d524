/// The id of one machine's copy of vault: 16 lower-case hex digits (64 random bits), made once
/// per user and machine (`DeviceIdentity`) and recorded in every change stamp that machine
/// makes, so that two machines whose clocks agree still never make the same stamp.
public enum DeviceID {
    public static let length = 16

    /// A fresh random id.
    public static func random() throws -> String {
        try Sodium.randomBytes(length / 2).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }

    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
