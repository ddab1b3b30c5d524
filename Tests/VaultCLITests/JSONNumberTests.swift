import SeededRandom
import Testing
@testable import VaultCLI

/// Numbers in hand-written JSON: the fast ways of writing whole numbers and rounded decimals
/// give exactly the text Swift's own formatting gives, over values of every magnitude.
struct JSONNumberTests {
    /// What the writer puts out for one value.
    private static func written(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Values of many magnitudes, signs and fractions, from a fixed seed, and the edges.
    static let samples: [Double] = {
        var generator = SeededRandom(seed: 0x5EED)
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 13.96, 2.81, 0.7, 0.0001, 0.00005, 0.000049, 1e-5, 1e15, 0x1p53, -0x1p53,
                                0x1p53 + 2, 1e16, 9.99995, 0.99999, 99999.99995, 1.593e-06, 573_500, 1593]
        for _ in 0..<20_000 {
            let magnitude = Double(generator.next() % 40) - 20
            let fraction = Double(generator.next() % 1_000_000_007) / 1_000_000_007
            let sign: Double = generator.next() % 4 == 0 ? -1 : 1
            let value = sign * (1 + fraction) * pow10(magnitude)
            values.append(value)
            values.append(value.rounded())
        }
        return values
    }()

    private static func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(Swift.abs(exponent)) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    @Test("a number is written as Swift describes it: whole numbers, fractions, exponents")
    func plainNumbers() {
        for value in Self.samples {
            #expect(Self.written { $0.value(value) } == "\(value)", "\(value)")
        }
        #expect(Self.written { $0.value(Double?.none) } == "null")
        #expect(Self.written { $0.value(Double.infinity) } == "null")
        #expect(Self.written { $0.value(Double.nan) } == "null")
    }

    @Test("a number rounded to some decimals is written as the rounded number would be", arguments: 0...9)
    func roundedNumbers(places: Int) {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        for value in Self.samples {
            let rounded = (value * scale).rounded() / scale
            #expect(Self.written { $0.value(value, places: places) } == "\(rounded)", "\(value) to \(places) places")
        }
    }
}
