import ArgumentParser
import Dispatch
import FoundationEssentials
import PhotoMetadata
import Synchronization
import VaultCLI
import VaultCore
import VaultSystem

/// `vault exif`: what photos give away, and stripping it without touching a pixel.
struct EXIFCommand: VaultSubcommand {
    /// It opens no vault.
    var vault: VaultOptions { .omitted }

    static let configuration = CommandConfiguration(
        commandName: "exif",
        abstract: "Show what a photo's metadata gives away, or strip it without re-encoding.",
        discussion: """
            Reads JPEG (Exif with its GPS, Interop and thumbnail directories, also when it \
            spans several segments, XMP and extended XMP, Photoshop/IPTC, ICC, MPF, \
            comments), PNG (eXIf, tEXt, zTXt, iTXt, the hex "Raw profile" text of \
            ImageMagick and exiv2, iCCP, tIME) and WebP (EXIF, XMP, ICCP) files and lists \
            what they give away, privacy-relevant items first: where (GPS position, with a \
            map link), with what (make, model, serial numbers, lens, software), by whom \
            (artist, owner, copyright, creator), when, embedded thumbnails (and the metadata \
            inside them) and free text, whether Exif or XMP holds them. The names in an ICC \
            colour profile (its description, copyright and the device it was made for) are \
            listed too, but not counted as privacy-relevant: the colours depend on the \
            profile, and --strip keeps it. --all lists every field, including those about \
            the picture itself.

            --strip removes every metadata container and any data after the image, copying \
            the compressed image data byte for byte (nothing is re-encoded), into --output \
            DIR or over the file with --in-place, atomically. It keeps what the picture needs \
            to look the same: the ICC profile, Adobe's colour transform, JFIF, PNG's colour \
            chunks, and the Orientation (written back alone when it is not 1); --keep none \
            removes those too. A damaged file is left alone with an error.

            Exit status: reading, 0 when no file holds privacy-relevant metadata, 10 when some \
            file does; stripping, 0 when every file was stripped; 1 when some file could not \
            be read or written, 64 for a usage error.
            """)

    @Argument(help: ArgumentHelp("The photos (JPEG, PNG, WebP).", valueName: "file"))
    var files: [String] = []

    @Flag(help: "List every field, not only the privacy-relevant ones.")
    var all = false

    @Flag(help: "Remove the metadata (needs --output or --in-place).")
    var strip = false

    @Option(help: ArgumentHelp("With --strip: write the stripped files into this folder, under their own names.", valueName: "dir"))
    var output: String?

    @Flag(name: .customLong("in-place"), help: "With --strip: replace each file with its stripped version.")
    var inPlace = false

    @Option(help: ArgumentHelp("With --strip: keep what the picture needs to look the same (appearance), or nothing (none).", valueName: "what"))
    var keep: KeepChoice = .appearance

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one photo") }
        if strip {
            if (output == nil) == !inPlace { throw ValidationError("--strip needs one of --output DIR or --in-place") }
            if all { throw ValidationError("--all is for reading, not with --strip") }
        } else if output != nil || inPlace || keep != .appearance {
            throw ValidationError("--output, --in-place and --keep only go with --strip")
        }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let out = OutputBuffer(streams: context.streams)
        defer { try? out.flush() }
        // Ctrl-C and kill take effect once the files under way are done and every file has its
        // line: the finished ones, and "not done: interrupted" for the others.
        let outcome = try TerminationDeferral.holding { deferral in
            let outcome = strip ? try stripAll(deferral, context: context, out: out) : try readAll(deferral, context: context, out: out)
            try out.flush()
            return outcome
        }
        if outcome.failures > 0 { throw ExitCode(ExitStatus.failure.rawValue) }
        if outcome.findings > 0 { throw ExitCode(ExitStatus.findings.rawValue) }
    }

    private func readAll(
        _ deferral: TerminationDeferral, context: CommandContext, out: OutputBuffer
    ) throws -> (findings: Int, failures: Int) {
        let results = Batch.run(files, label: "reading photos", streams: context.streams, deferral: deferral) { path in
            try PhotoReader.read(AtomicFile.read(path, limit: PhotoFiles.sizeLimit))
        }
        var findings = 0, failures = 0
        for (path, result) in zip(files, results) {
            switch result {
            case .success(let report):
                if report.hasPrivateMetadata { findings += 1 }
                let view = ReportView(path: path, report: report, all: all)
                try outputOptions.show(view, on: out)
            case .failure(let error):
                failures += 1
                context.diagnostics.error("\(TerminalText.visible(path)): \(PhotoFiles.describe(error))")
            }
        }
        return (findings, failures)
    }

    private func stripAll(
        _ deferral: TerminationDeferral, context: CommandContext, out: OutputBuffer
    ) throws -> (findings: Int, failures: Int) {
        let targets = try StripTarget.plan(files, output: output)
        if let output { try StripTarget.prepareFolder(output) }
        let policy = keep.policy
        let diagnostics = context.diagnostics
        let results = Batch.run(targets, label: "stripping photos", streams: context.streams, deferral: deferral) { target in
            try target.strip(keep: policy, warn: diagnostics.warning)
        }
        var failures = 0
        for (target, result) in zip(targets, results) {
            switch result {
            case .success(let stripped):
                let view = StripView(source: target.source, destination: target.destination, replaced: target.replacing, result: stripped)
                try outputOptions.show(view, on: out)
            case .failure(let error):
                failures += 1
                context.diagnostics.error("\(TerminalText.visible(target.source)): \(PhotoFiles.describe(error)); left unchanged")
            }
        }
        return (0, failures)
    }
}

/// `--keep`'s values.
enum KeepChoice: String, ExpressibleByArgument, CaseIterable {
    case appearance, none

    var policy: KeepPolicy { self == .none ? .none : .appearance }
}
