/// The check digits printed on cards and bank accounts, which catch nearly every mistyped digit:
/// `vault add --type card|bank` warns when a number fails them (a warning, not a refusal: a
/// store card or a national account number may follow no such rule).
public enum FieldChecksum: Sendable {
    /// The Luhn (mod 10) check of ISO/IEC 7812 card numbers.
    case luhn
    /// The mod-97 check of ISO 13616 IBANs (ISO/IEC 7064 MOD 97-10).
    case iban

    /// Whether `value` passes the check. Spaces and hyphens between groups are ignored, and
    /// an IBAN's letters may be in either case.
    public func accepts(_ value: String) -> Bool {
        let compact = value.filter { $0 != " " && $0 != "-" }
        switch self {
        case .luhn: return Self.passesLuhn(compact)
        case .iban: return Self.passesIBAN(compact)
        }
    }

    /// What the warning calls the check.
    public var name: String {
        switch self {
        case .luhn: return "the Luhn check"
        case .iban: return "the IBAN check (ISO 13616 mod 97)"
        }
    }

    /// 12 to 19 digits whose doubled-every-second-digit sum is a multiple of ten.
    private static func passesLuhn(_ digits: String) -> Bool {
        let values = digits.unicodeScalars.map { $0.properties.numericType == .decimal && $0.isASCII ? Int($0.value) - 48 : -1 }
        guard (12...19).contains(values.count), !values.contains(-1) else { return false }
        var sum = 0
        for (position, value) in values.reversed().enumerated() {
            let weighted = position.isMultiple(of: 2) ? value : value * 2
            sum += weighted > 9 ? weighted - 9 : weighted
        }
        return sum.isMultiple(of: 10)
    }

    /// Two letters (the country), two check digits, then 11 to 30 letters and digits; moved
    /// four characters to the end, with letters as 10 to 35, the number is 1 modulo 97.
    private static func passesIBAN(_ text: String) -> Bool {
        let scalars = Array(text.uppercased().unicodeScalars)
        guard (15...34).contains(scalars.count), scalars.allSatisfy({ $0.isASCII && ($0.properties.isUppercase || ("0"..."9").contains($0)) }),
              scalars[0].properties.isUppercase, scalars[1].properties.isUppercase,
              ("0"..."9").contains(scalars[2]), ("0"..."9").contains(scalars[3])
        else { return false }
        var remainder = 0
        for scalar in scalars[4...] + scalars[..<4] {
            let value = Int(scalar.value)
            if value >= 65 {
                remainder = (remainder * 100 + value - 55) % 97
            } else {
                remainder = (remainder * 10 + value - 48) % 97
            }
        }
        return remainder == 1
    }
}
