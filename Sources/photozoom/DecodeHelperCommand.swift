import ArgumentParser
import Foundation
import DecoderSandbox
import ImageFormats

/// `photozoom decode-helper`: the decoder helper process the app starts for itself (see
/// `DecoderHelperService`); not for people, so not listed in the help.
struct DecodeHelperCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode-helper",
        abstract: "Decodes photos for a running photozoom (started by it; not for direct use).",
        shouldDisplay: false
    )

    @Option(name: .long) var pixelLimit = PhotoCatalog.defaultPixelLimit
    @Option(name: .long) var maxTextureSide = 8192
    @Option(name: .long) var addressSpace = 1 << 30
    @Option(name: .long) var cpuSlot = 0
    @Option(name: .long) var thumbnailCache: String?
    @Flag(name: .long) var fullDecode = false
    @Flag(name: .long) var confineReads = false
    @Option(name: .long) var readRoot: [String] = []

    func run() throws {
        var options = DecoderHelperService.Options()
        options.pixelLimit = pixelLimit
        options.maxTextureSide = maxTextureSide
        options.addressSpaceBytes = addressSpace
        options.cpuSlot = cpuSlot
        options.thumbnailCache = thumbnailCache
        options.strategy = fullDecode ? .fullDecodeThenDownscale : .scaledDecode
        options.readRoots = confineReads ? readRoot : nil
        let status = DecoderHelperService.run(options)
        if status != 0 { throw ExitCode(status) }
    }
}
