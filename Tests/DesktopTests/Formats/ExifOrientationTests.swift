import CSDL2
import Testing
@testable import Decoding
@testable import ImageFormats

/// The EXIF specification's table for the Orientation tag: the side of the upright picture where
/// the stored 0th row appears, and the side where the stored 0th column appears.
enum ExifSpec {
    enum Side { case top, bottom, left, right }

    static let table: [Int: (row: Side, column: Side)] = [
        1: (.top, .left), 2: (.top, .right), 3: (.bottom, .right), 4: (.bottom, .left),
        5: (.left, .top), 6: (.right, .top), 7: (.right, .bottom), 8: (.left, .bottom),
    ]

    /// Where stored pixel (column `j`, row `i`) lands in the upright picture of size `w`×`h`: its
    /// row index counts away from the 0th-row side, its column index away from the 0th-column side.
    static func upright(ofStored j: Int, _ i: Int, orientation: Int, uprightWidth w: Int, uprightHeight h: Int) -> (x: Int, y: Int) {
        let (rowSide, columnSide) = table[orientation]!
        var x = 0, y = 0
        switch rowSide {
        case .top: y = i
        case .bottom: y = h - 1 - i
        case .left: x = i
        case .right: x = w - 1 - i
        }
        switch columnSide {
        case .top: y = j
        case .bottom: y = h - 1 - j
        case .left: x = j
        case .right: x = w - 1 - j
        }
        return (x, y)
    }

    /// The stored pixels (`storedWidth`×`storedHeight`) of an upright picture `colour(x, y)` under `orientation`.
    static func storedColour(orientation: Int, storedWidth sw: Int, storedHeight sh: Int,
                             upright colour: @escaping (Int, Int) -> TestImages.RGB) -> (Int, Int) -> TestImages.RGB {
        let (uw, uh) = orientation >= 5 ? (sh, sw) : (sw, sh)
        return { j, i in
            let p = upright(ofStored: j, i, orientation: orientation, uprightWidth: uw, uprightHeight: uh)
            return colour(p.x, p.y)
        }
    }
}

@Suite("EXIF orientation")
struct ExifOrientationTests {
    @Test("each orientation puts the stored 0th row and 0th column on the sides the EXIF table names (2×3 image)",
          arguments: 1...8)
    func orientsPixels(orientation: Int) throws {
        let sw = 2, sh = 3
        // Every stored pixel has its own colour: red = 40·column + 10, green = 40·row + 10.
        let stored = TestImages.surface(width: sw, height: sh) { x, y in TestImages.RGB(40 * x + 10, 40 * y + 10, 99) }
        defer { SDL_FreeSurface(stored) }
        let o = try #require(ExifOrientation(rawValue: orientation))
        let upright = try #require(SurfaceOps.oriented(stored, o))
        defer { SDL_FreeSurface(upright) }
        let (uw, uh) = orientation >= 5 ? (sh, sw) : (sw, sh)
        #expect(Int(upright.pointee.w) == uw && Int(upright.pointee.h) == uh)
        for i in 0..<sh {
            for j in 0..<sw {
                let p = ExifSpec.upright(ofStored: j, i, orientation: orientation, uprightWidth: uw, uprightHeight: uh)
                #expect(TestImages.pixel(upright, p.x, p.y) == TestImages.RGB(40 * j + 10, 40 * i + 10, 99),
                        "orientation \(orientation): stored (\(j), \(i)) should show at (\(p.x), \(p.y))")
            }
        }
    }

    @Test("orientations 5 to 8 swap width and height; 1 to 4 keep them", arguments: 1...8)
    func swapsAxes(orientation: Int) {
        let size = ExifOrientation(tagValue: orientation).uprightSize(width: 4000, height: 3000)
        #expect(orientation >= 5 ? (size.width == 3000 && size.height == 4000) : (size.width == 4000 && size.height == 3000))
    }

    @Test("tag values outside 1...8 count as upright", arguments: [0, 9, 255, -1])
    func invalidValues(value: Int) {
        #expect(ExifOrientation(tagValue: value) == .up)
    }
}
