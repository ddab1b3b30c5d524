/// Strips a JPEG: every APPn and COM segment goes, except JFIF (APP0), the ICC profile (APP2)
/// and Adobe's colour transform (APP14) under `.appearance`; the tables, frame and scans are
/// copied byte for byte; Orientation comes back in a minimal Exif segment right after SOI (or
/// after JFIF, which must come first); the trailer goes.
enum JPEGStripper {
    static func strip(_ file: JPEGFile, orientation: Int?, keep: KeepPolicy) throws(PhotoError) -> StripResult {
        guard let endOfImage = file.endOfImage, file.problem == nil else {
            throw .damaged(file.problem ?? "no end of image")
        }
        let storage = file.bytes.storage
        var ledger = StripLedger()
        var output = JPEGFile.startOfImage
        output.reserveCapacity(storage.count)
        var parts = file.parts[...]
        if case .segment(0xE0, let whole, let payload)? = parts.first, keep == .appearance,
           storage[payload].starts(with: JPEGSignature.jfif) {
            keepJFIF(storage[payload], whole: storage[whole], into: &output, ledger: &ledger)
            parts = parts.dropFirst()
        }
        let written = OrientationExif.needed(orientation, keep: keep)
        if let orientation = written {
            let payload = JPEGSignature.exif + OrientationExif.tiff(orientation)
            output += [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
            ledger.keep("Orientation \(orientation)")
        }
        for part in parts {
            switch part {
            case .segment(let marker, let whole, let payload):
                guard marker == 0xFE || (0xE0...0xEF).contains(marker) else {
                    output += storage[whole]
                    continue
                }
                let name = segmentName(marker: marker, storage[payload])
                if keep == .appearance, name == "JFIF" {
                    keepJFIF(storage[payload], whole: storage[whole], into: &output, ledger: &ledger)
                } else if keep == .appearance, name == "Adobe colour transform" {
                    keepAdobe(storage[payload], whole: storage[whole], into: &output, ledger: &ledger)
                } else if keep == .appearance, name == "ICC profile" {
                    output += storage[whole]
                    ledger.keep(name)
                } else if !(name == "EXIF" && OrientationExif.isOwn(storage[payload].dropFirst(JPEGSignature.exif.count), orientation: written)) {
                    ledger.remove(name, bytes: whole.count)
                }
            case .scanData(let range), .standalone(_, let range):
                output += storage[range]
            }
        }
        output += storage[endOfImage]
        if let trailer = file.trailer { ledger.remove("data after the end of the image", bytes: trailer.count) }
        return StripResult(format: .jpeg, output: output, removed: ledger.removed, kept: ledger.kept)
    }

    /// JFIF is kept as its 14-byte header: an RGB thumbnail, or any other bytes after the
    /// header, are not.
    private static func keepJFIF(_ payload: ArraySlice<UInt8>, whole: ArraySlice<UInt8>, into output: inout [UInt8], ledger: inout StripLedger) {
        if payload.count > JFIFSegment.headerLength {
            output += JFIFSegment.withoutThumbnail(payload)
            let what = JFIFSegment.hasThumbnail(payload) ? "JFIF thumbnail" : "data after the JFIF header"
            ledger.remove(what, bytes: payload.count - JFIFSegment.headerLength)
        } else {
            output += whole
        }
        ledger.keep("JFIF")
    }

    /// Adobe's APP14 is kept as its 12 bytes (`Adobe`, version, two flag words, the transform);
    /// anything after them is not.
    private static func keepAdobe(_ payload: ArraySlice<UInt8>, whole: ArraySlice<UInt8>, into output: inout [UInt8], ledger: inout StripLedger) {
        let length = 12
        if payload.count > length {
            output += [0xFF, 0xEE, 0, UInt8(length + 2)] + payload.prefix(length)
            ledger.remove("data after Adobe's colour transform", bytes: payload.count - length)
        } else {
            output += whole
        }
        ledger.keep("Adobe colour transform")
    }

    private static func segmentName(marker: UInt8, _ data: ArraySlice<UInt8>) -> String {
        let names: [(UInt8, [UInt8], String)] = [
            (0xE1, JPEGSignature.exif, "EXIF"), (0xE1, JPEGSignature.xmp, "XMP"), (0xE1, JPEGSignature.extendedXMP, "extended XMP"),
            (0xED, JPEGSignature.photoshop, "Photoshop/IPTC"), (0xE2, JPEGSignature.icc, "ICC profile"),
            (0xE2, JPEGSignature.mpf, "MPF"), (0xE0, JPEGSignature.jfif, "JFIF"), (0xE0, JPEGSignature.jfxx, "JFXX thumbnail"),
            (0xEE, JPEGSignature.adobe, "Adobe colour transform"),
        ]
        if marker == 0xFE { return "comment" }
        return names.first { $0.0 == marker && data.starts(with: $0.1) }?.2 ?? "APP\(marker - 0xE0)"
    }
}
