/// What a Taiwanese Zhuyin input method makes of keys typed on the standard (Dachen) layout:
/// bopomofo syllables, each an optional initial, medial and final closed by a tone key (the space
/// bar for the first tone; the password's last syllable may leave it out), read here in Hanyu Pinyin without tones, the way Chinese words are
/// typed on a Latin keyboard and the way the Chinese word lists hold them: `su3cl3` is ㄋㄧˇ ㄏㄠˇ,
/// `nihao`; `ji3g4go6` is ㄨㄛˇ ㄕˋ ㄕㄟˊ, `woshishei`.
///
/// The spelling rules are those of Hanyu Pinyin (ISO 7098): `y` and `w` for a syllable with no
/// initial, `ü` written `u` after j, q and x and `v` after n and l (as pinyin keyboards type it),
/// the contracted `iu`, `ui` and `un`, and `zhi` … `si` for the initials that stand alone.
enum ZhuyinSyllables {
    static let initials: [UInt32: String] = pairs("ㄅb ㄆp ㄇm ㄈf ㄉd ㄊt ㄋn ㄌl ㄍg ㄎk ㄏh ㄐj ㄑq ㄒx ㄓzh ㄔch ㄕsh ㄖr ㄗz ㄘc ㄙs")
    static let medials: [UInt32: String] = pairs("ㄧi ㄨu ㄩü")
    static let finals: [UInt32: String] = pairs("ㄚa ㄛo ㄜe ㄝe ㄞai ㄟei ㄠao ㄡou ㄢan ㄣen ㄤang ㄥeng ㄦer")
    /// The tone marks of the second to fifth tones.
    static let tones: Set<UInt32> = Set("ˊˇˋ˙".unicodeScalars.map(\.value))

    private static func pairs(_ text: String) -> [UInt32: String] {
        Dictionary(uniqueKeysWithValues: text.split(separator: " ").map { ($0.unicodeScalars.first!.value, String($0.dropFirst())) })
    }

    /// One syllable: its bopomofo (initial, medial, final; nil where there is none).
    struct Syllable: Equatable {
        var initial: UInt32?
        var medial: UInt32?
        var final: UInt32?

        var isEmpty: Bool { initial == nil && medial == nil && final == nil }
        /// Whether it is a syllable: a medial or final, or one of the initials that stand alone.
        var isComplete: Bool { medial != nil || final != nil || initial.map { Self.alone.contains($0) } == true }

        /// The syllable in toneless pinyin.
        var pinyin: String {
            let start = initial.flatMap { ZhuyinSyllables.initials[$0] } ?? ""
            let medialText = medial.flatMap { ZhuyinSyllables.medials[$0] }
            let finalText = final.flatMap { ZhuyinSyllables.finals[$0] }
            guard let medialText else {
                // zhi, chi, shi, ri, zi, ci, si: the initials that stand alone take an i.
                return start + (finalText ?? "i")
            }
            let rest = Self.rhyme(medial: medialText, final: finalText ?? "", afterInitial: initial != nil)
            if let initial, medialText == "ü" {
                // ü is written u after j, q and x, and v after n and l.
                let spelled = ZhuyinSyllables.initials[initial]!
                return spelled + rest.replacing("ü", with: ["j", "q", "x"].contains(spelled) ? "u" : "v")
            }
            return start + rest
        }

        static let alone = Set("ㄓㄔㄕㄖㄗㄘㄙ".unicodeScalars.map(\.value))

        /// The medial and final together, with Hanyu Pinyin's contractions and its y and w for a
        /// syllable without an initial.
        private static func rhyme(medial: String, final: String, afterInitial: Bool) -> String {
            let joined = switch (medial, final) {
            case ("i", "ou"): afterInitial ? "iu" : "iou"
            case ("u", "ei"): afterInitial ? "ui" : "uei"
            case ("u", "en"): afterInitial ? "un" : "uen"
            case ("i", "en"): "in"
            case ("i", "eng"): "ing"
            case ("u", "eng"): afterInitial ? "ong" : "ueng"
            case ("ü", "eng"): "iong"
            case ("ü", "en"): "ün"
            default: medial + final
            }
            guard !afterInitial else { return joined }
            switch medial {
            case "i": return ["i", "in", "ing"].contains(joined) ? "y" + joined : "y" + joined.dropFirst()
            case "u": return "w" + (joined == "u" ? joined : String(joined.dropFirst()))
            default: return joined == "iong" ? "yong" : "yu" + joined.dropFirst()
            }
        }
    }

    /// What each ASCII key types on the Dachen layout (`MappedText.barrier` for a key that types
    /// no bopomofo or tone, and for capitals, which Shift types as Latin letters).
    static let keys: [UInt32] = {
        let us = KeyboardLayouts.qwerty, zhuyin = KeyboardLayouts.zhuyin
        let places = Dictionary(uniqueKeysWithValues: zip(zhuyin.keyPlaces, zhuyin.keyCharacters))
        var keys = [UInt32](repeating: MappedText.barrier, count: 128)
        for (place, typed) in zip(us.keyPlaces, us.keyCharacters) {
            if let bopomofo = places[place]?.first, bopomofo >= 0x2C0 { keys[Int(typed[0])] = bopomofo }
        }
        keys[0x20] = 0x20  // the space bar: the first tone
        return keys
    }()

    /// What each ASCII key is to a syllable, from `keys`: looked up once per key of a password.
    private enum Role { case initial, medial, final, tone, none }
    private static let roles: [Role] = keys.map { key in
        if key == 0x20 || tones.contains(key) { return .tone }
        if initials[key] != nil { return .initial }
        if medials[key] != nil { return .medial }
        return finals[key] != nil ? .final : .none
    }

    /// How an ASCII `password` reads as Zhuyin keys, in toneless pinyin, into `mapped`: each
    /// syllable's letters come from all of its keys (a word is never found inside a syllable);
    /// keys that make no syllable read as barriers. False when no syllable is found.
    static func pinyin(of password: PasswordText, into mapped: inout MappedText) -> Bool {
        mapped.removeAll()
        var syllable = Syllable(), start = 0, syllables = 0
        func abandon(through end: Int) {
            for unit in stride(from: start, through: end, by: 1) {
                mapped.append(MappedText.barrier, lowered: MappedText.barrier, from: unit, through: unit, changed: false, letter: false)
            }
            syllable = Syllable()
            start = end + 1
        }
        func close(through end: Int) {
            for letter in syllable.pinyin.unicodeScalars {
                mapped.append(letter.value, lowered: letter.value, from: start, through: end, changed: true, letter: true)
            }
            syllables += 1
            syllable = Syllable()
            start = end + 1
        }
        for (unit, code) in password.codes.enumerated() {
            let (key, role) = code < 0x80 ? (keys[Int(code)], roles[Int(code)]) : (MappedText.barrier, Role.none)
            switch role {
            case .tone:
                if syllable.isComplete { close(through: unit) } else { abandon(through: unit) }
            case .initial:
                if !syllable.isEmpty { abandon(through: unit - 1) }
                syllable.initial = key
            case .medial where syllable.medial == nil && syllable.final == nil:
                syllable.medial = key
            case .final where syllable.final == nil:
                syllable.final = key
            default:
                abandon(through: unit)
            }
        }
        if syllable.isComplete { close(through: password.count - 1) } else if !syllable.isEmpty { abandon(through: password.count - 1) }
        guard syllables > 0 else { return false }
        mapped.finish()
        return true
    }
}
