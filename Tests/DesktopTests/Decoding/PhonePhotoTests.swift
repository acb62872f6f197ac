import CSDL2
import Foundation
import Testing
@testable import DecoderSandbox
@testable import Decoding
@testable import PhotoFiles
import TestSupport

/// The photos phones make (issue 32): HEIC and AVIF, made with the encoders Debian ships from the
/// sideways-stored portrait `portrait-exif6.jpg` (`scripts/make-phone-photos`), each rotated the
/// way its tool rotates (EXIF only; irot and EXIF both; upright pixels), are read and decoded in
/// the sandboxed decoder helpers and show upright in the grid and full screen.
@Suite("HEIC and AVIF photos show upright", .serialized)
struct PhonePhotoTests {
    static let root = Repository.root
    static let folder = root.appendingPathComponent("Tests/Fixtures/PhonePhotos")
    static let fixtures = ["portrait-exif6.heic", "portrait-irot.avif", "portrait-ffmpeg.avif"]
    /// The JPEG they were made from, shown upright by its EXIF orientation (the decoder's own tests
    /// check that one: `ImageHeaderTests`, `ExifOrientationTests`).
    static let reference = root.appendingPathComponent("Tests/Fixtures/Photos/portrait-exif6.jpg")
    /// The grid's cells and the full screen, as the app asks for them.
    static let targets: [DecodeTarget] = [.thumbnail(shortSide: 96), .screen(width: 800, height: 600)]

    func helper() throws -> DecoderHelper {
        let settings = try #require(HelperBinary.settings(timeLimitSeconds: 20), "photozoom is not built beside the tests; run `swift build` first")
        var options = DecoderHelperService.Options()
        options.maxTextureSide = 4096
        options.readRoots = [Self.folder.path]  // confined as the app confines it
        return DecoderHelper(settings: settings, options: options)
    }

    /// Mean absolute difference of the colour channels, in levels of 255, between two pictures of
    /// one size; with `turned`, against `b` turned 180° (what an orientation applied twice shows).
    static func meanDifference(_ a: DecodedImage, _ b: DecodedImage, turned: Bool = false) -> Double {
        let w = a.width, h = a.height
        var sum = 0
        for y in 0..<h {
            let rowA = a.surface.pointee.pixels.assumingMemoryBound(to: UInt8.self) + y * Int(a.surface.pointee.pitch)
            let by = turned ? h - 1 - y : y
            let rowB = b.surface.pointee.pixels.assumingMemoryBound(to: UInt8.self) + by * Int(b.surface.pointee.pitch)
            for x in 0..<w {
                let bx = turned ? w - 1 - x : x
                for c in 0..<3 { sum += abs(Int(rowA[4 * x + c]) - Int(rowB[4 * bx + c])) }
            }
        }
        return Double(sum) / Double(w * h * 3)
    }

    /// A re-encoding's mean difference from its source: under this (lossy HEVC and AV1 at the
    /// fixtures' qualities measure 1.5–3 levels); the same picture turned 180° measures over 40.
    static let sameUprightPicture = 8.0

    @Test("each fixture's header is read in the helper: shown 384×512, laid out upright before any decode")
    func headersInHelper() throws {
        let h = try helper()
        let outcomes = h.readHeaders(Self.fixtures.map { Self.folder.appendingPathComponent($0).path })
        for (name, outcome) in zip(Self.fixtures, outcomes) {
            guard case let .header(header) = outcome else { Issue.record("\(name): \(outcome)"); continue }
            #expect(header.uprightSize == (384, 512), "\(name): \(header)")
        }
    }

    @Test("each fixture decodes in the sandboxed helper for the grid and full screen: 384×512 upright, pixel for pixel near the JPEG shown upright",
          arguments: fixtures)
    func upright(_ name: String) throws {
        let h = try helper()
        let local = PhotoDecoder(maxTextureSide: 4096)
        for target in Self.targets {
            let picture = try h.decode(path: Self.folder.appendingPathComponent(name).path, target: target).result.get()
            let jpeg = try local.decode(path: Self.reference.path, header: nil, target: target)
            #expect(picture.fullWidth == 384 && picture.fullHeight == 512, "\(name) \(target): \(picture.fullWidth)×\(picture.fullHeight)")
            try #require(picture.width == jpeg.width && picture.height == jpeg.height,
                         "\(name) \(target): \(picture.width)×\(picture.height), the JPEG \(jpeg.width)×\(jpeg.height)")
            #expect(!picture.hasTransparency)
            let upright = Self.meanDifference(picture, jpeg), turned = Self.meanDifference(picture, jpeg, turned: true)
            print("\(name) \(target): mean difference from the upright JPEG \(upright), from it turned 180° \(turned)")
            #expect(upright < Self.sameUprightPicture, "\(name) \(target): \(upright) levels from the upright JPEG")
            #expect(turned > 5 * Self.sameUprightPicture, "\(name) \(target): the check cannot tell 180° apart (\(turned))")
        }
    }
}
