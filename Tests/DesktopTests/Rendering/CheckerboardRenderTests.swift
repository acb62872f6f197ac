import CSDL2
import Foundation
import Geometry
import Testing
@testable import Decoding
@testable import Rendering
import Viewing
import Drawing

/// The transparent fixture (`coffee-alpha-400x400.png`: an opaque disc of radius 176 px, a
/// half-transparent ring to 196 px, nothing outside), decoded as the app decodes it and uploaded
/// with its transparency flag, or with the flag forced off.
final class DecodedFixtureTexture: PhotoTextureSupply {
    let target: DecodeTarget
    let flagged: Bool
    private var texture: Texture?

    init(target: DecodeTarget, flagged: Bool = true) {
        self.target = target
        self.flagged = flagged
    }

    func prepare(for scene: SceneDemand, renderer: OpaquePointer) {
        guard texture == nil, let url = HostileFiles.photo("coffee-alpha-400x400.png"),
              let image = try? PhotoDecoder().decode(path: url.path, header: nil, target: target),
              let handle = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                             Int32(image.width), Int32(image.height)) else { return }
        SDL_UpdateTexture(handle, nil, image.surface.pointee.pixels, image.surface.pointee.pitch)
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        texture = Texture(handle: handle, width: image.width, height: image.height, hasTransparency: flagged && image.hasTransparency)
    }

    func texture(for photo: Int, preferFull: Bool) -> Texture? { photo == 0 ? texture : nil }
    func isBroken(_ photo: Int) -> Bool { false }
}

@Suite("Transparent photos over a checkerboard: fixed squares in points, anchored to the photo, in the grid and open")
struct CheckerboardRenderTests {
    /// 107 and 84 of 255: `Checkerboard.light` and `.dark` (0.42 and 0.33) × 255, rounded.
    static let lightGrey = 107, darkGrey = 84
    static let fixtureSide = 400.0
    /// Outside this radius (pixels of the fixture, from its centre) every pixel is fully transparent.
    static let clearRadius = 196.0

    /// Draws `scene` on a software renderer at `scale` pixels per point; the grey (green channel) of every pixel.
    func render(_ scene: Scene, textures: DecodedFixtureTexture, scale: Double = 1, name: String) throws -> DrawnFrame {
        let w = Int(scene.windowSize.width * scale), h = Int(scene.windowSize.height * scale)
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        let sceneRenderer = SceneRenderer(renderer: renderer, textures: textures)
        sceneRenderer.pointScale = scale
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        textures.advance(for: scene, pointScale: scale, renderer: renderer)
        sceneRenderer.draw(scene)
        SDL_RenderPresent(renderer)
        if let dir = ProcessInfo.processInfo.environment["PHOTOZOOM_SNAPSHOTS"] { IMG_SavePNG(surface, dir + "/\(name).png") }
        let stride = Int(surface.pointee.pitch) / 4
        let p = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        return DrawnFrame(width: w, height: h, pixels: (0..<h).flatMap { y in (0..<w).map { p[y * stride + $0] } })
    }

    /// The pixels where the photo is clear, well inside the quad, and whose centre lies at least
    /// `margin` pixels from a square's side, with the grey each must show: light where the square's
    /// column + row (counted from the whole photo's top-left, `Checkerboard.cellPoints` a side) is even.
    /// `local` maps a pixel centre (drawable pixels) into the photo's frame (points from its top-left).
    func expectations(_ frame: DrawnFrame, scale: Double, region: Rect, photoPointsPerPixel: Double, margin: Double,
                      local: (Point) -> Point) -> [(x: Int, y: Int, grey: Int)] {
        var out: [(Int, Int, Int)] = []
        let c = Checkerboard.cellPoints
        let centre = Point(Self.fixtureSide / 2, Self.fixtureSide / 2)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = local(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard p.x > region.minX + 2, p.x < region.maxX - 2, p.y > region.minY + 2, p.y < region.maxY - 2 else { continue }
                // Clear with room to spare for the decoder's and the sampler's rounding (4 fixture pixels).
                guard (p / photoPointsPerPixel - centre).length > Self.clearRadius + 4 else { continue }
                let fx = p.x / c - (p.x / c).rounded(.down), fy = p.y / c - (p.y / c).rounded(.down)
                let edge = min(fx, 1 - fx, fy, 1 - fy) * c * scale
                guard edge >= margin else { continue }
                let even = (Int((p.x / c).rounded(.down)) + Int((p.y / c).rounded(.down))) & 1 == 0
                out.append((x, y, even ? Self.lightGrey : Self.darkGrey))
            }
        }
        return out
    }

    /// Checks every expected pixel; returns how many were checked.
    func check(_ frame: DrawnFrame, _ expected: [(x: Int, y: Int, grey: Int)], _ label: String) -> Int {
        let wrong = expected.filter { frame.green($0.x, $0.y) != $0.grey || Int(frame.pixel($0.x, $0.y) >> 16 & 0xFF) != $0.grey }
        #expect(wrong.isEmpty, "\(label): \(wrong.count) of \(expected.count) pixels wrong, first \(wrong.prefix(3).map { "(\($0.x),\($0.y)) \(frame.green($0.x, $0.y)) not \($0.grey)" })")
        return expected.count
    }

    static let window = Size(480, 440)

    /// The open photo at its own size (1 point per fixture pixel), centred at `center`.
    func openPhoto(center: Point, rotation: Double = 0) -> Scene {
        Scene(windowSize: Self.window, backdropAlpha: 1,
              photos: [Scene.PhotoQuad(photo: 0, crop: Rect(x: 0, y: 0, width: 1, height: 1), center: center,
                                       size: Size(Self.fixtureSide, Self.fixtureSide), rotation: rotation, alpha: 1)])
    }

    /// Pixel centre → the open photo's frame, for a quad of the fixture's size at `center`, turned `rotation`.
    func openLocal(center: Point, rotation: Double, scale: Double) -> (Point) -> Point {
        { px in Point(Self.fixtureSide / 2, Self.fixtureSide / 2) + (px / scale - center).rotated(by: -rotation) }
    }

    @Test("the open photo's clear corners show light and dark squares of 8 points from its top-left corner")
    func openPhotoAtRest() throws {
        let center = Point(240, 220)
        let textures = DecodedFixtureTexture(target: .screen(width: 480, height: 440))
        let frame = try render(openPhoto(center: center), textures: textures, name: "checker-open")
        let region = Rect(x: 0, y: 0, width: Self.fixtureSide, height: Self.fixtureSide)
        // Unturned on whole pixels: every clear pixel is exact, up to the squares' sides.
        let expected = expectations(frame, scale: 1, region: region, photoPointsPerPixel: 1, margin: 0.5,
                                    local: openLocal(center: center, rotation: 0, scale: 1))
        // Four corners outside r = 200 of a 400-point square: 4·(200² − π·200²/4) ≈ 34 000 pixels, fewer after margins.
        #expect(check(frame, expected, "at rest") > 20_000)
        // Beside the photo: the black backdrop, no board.
        #expect(frame.pixel(10, 10) & 0xFF_FFFF == 0)
    }

    @Test("the squares move and turn with the photo: shifted by fractions of a point and turned 90° or 30°")
    func boardFollowsThePhoto() throws {
        for (center, rotation) in [(Point(243.4, 217.7), 0.0), (Point(240.5, 220.25), Double.pi / 2), (Point(240.3, 219.6), Double.pi / 6)] {
            let textures = DecodedFixtureTexture(target: .screen(width: 480, height: 440))
            let frame = try render(openPhoto(center: center, rotation: rotation), textures: textures, name: "checker-\(rotation)")
            let region = Rect(x: 0, y: 0, width: Self.fixtureSide, height: Self.fixtureSide)
            // The software renderer rounds each vertex to a whole pixel: a side moves by up to √½ px;
            // pixel centres 1.5 px from every side are unambiguous.
            let expected = expectations(frame, scale: 1, region: region, photoPointsPerPixel: 1, margin: 1.5,
                                        local: openLocal(center: center, rotation: rotation, scale: 1))
            #expect(check(frame, expected, "centre \(center), turned \(rotation)") > 5_000)
        }
    }

    @Test("on a HiDPI window (2 pixels per point) a square is 16 pixels, still 8 points")
    func hiDPI() throws {
        let center = Point(240, 220)
        let textures = DecodedFixtureTexture(target: .screen(width: 960, height: 880))
        let frame = try render(openPhoto(center: center), textures: textures, scale: 2, name: "checker-2x")
        let region = Rect(x: 0, y: 0, width: Self.fixtureSide, height: Self.fixtureSide)
        let expected = expectations(frame, scale: 2, region: region, photoPointsPerPixel: 1, margin: 0.5,
                                    local: openLocal(center: center, rotation: 0, scale: 2))
        #expect(check(frame, expected, "2×") > 80_000)
        // Pixel row 2·(20 + 4) = 48 (inside the first row of squares), from the photo's left side at 2·40 = 80:
        // 16 light pixels, then 16 dark.
        let row = (80..<112).map { frame.green($0, 48) }
        #expect(row == Array(repeating: Self.lightGrey, count: 16) + Array(repeating: Self.darkGrey, count: 16))
    }

    @Test("a grid thumbnail's crop shows the part of the board under that part of the photo")
    func gridCellCrop() throws {
        // A 200×100-point cell showing the middle half (rows 25 %…75 %) of the photo: the whole
        // photo is 200×200 points there, its top-left corner 50 points above the cell.
        let cellFrame = Rect(x: 40, y: 60, width: 200, height: 100)
        let crop = Rect(x: 0, y: 0.25, width: 1, height: 0.5)
        let scene = Scene(windowSize: Self.window, cells: [Scene.Cell(photo: 0, frame: cellFrame, crop: crop)])
        let textures = DecodedFixtureTexture(target: .thumbnail(shortSide: 200))
        let frame = try render(scene, textures: textures, name: "checker-cell")
        let region = Rect(x: 0, y: 50, width: 200, height: 100)
        let expected = expectations(frame, scale: 1, region: region, photoPointsPerPixel: 0.5, margin: 0.5) { px in
            Point(px.x - cellFrame.minX, px.y - cellFrame.minY + 50)
        }
        // The clear corners of the middle band, beyond 100 points (196 px + 4 at half size) from the
        // photo's centre, less the margins: 484 pixels measured.
        #expect(check(frame, expected, "grid cell") > 400)
    }

    @Test("a photo not flagged as transparent gets no board: its clear corners show what is behind it")
    func onlyFlaggedPhotos() throws {
        let textures = DecodedFixtureTexture(target: .screen(width: 480, height: 440), flagged: false)
        let frame = try render(openPhoto(center: Point(240, 220)), textures: textures, name: "checker-none")
        // The clear top-left corner of the photo (photo pixel (10, 10)) over the black backdrop.
        #expect(frame.pixel(40 + 10, 20 + 10) & 0xFF_FFFF == 0)
    }

    @Test("a photo zoomed far past the window yields only the squares the window can show")
    func zoomedInBoardIsBounded() {
        // 100 000 points wide, centred: the window (480×440) sees at most ⌈480/8 + 1⌉·⌈440/8 + 1⌉ squares, half of them dark.
        let board = Checkerboard(center: Point(240, 220), size: Size(100_000, 100_000), rotation: 0,
                                 crop: Rect(x: 0, y: 0, width: 1, height: 1))
        let count = board.darkSquares(within: Rect(origin: .zero, size: Self.window)).count
        #expect(count > 0 && count <= (61 * 56 + 1) / 2)
        // A photo fully inside: 400/8 = 50 squares a side, 50·50/2 = 1250 dark.
        let whole = Checkerboard(center: Point(240, 220), size: Size(400, 400), rotation: 0, crop: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(whole.darkSquares(within: Rect(origin: .zero, size: Self.window)).count == 1250)
    }
}
