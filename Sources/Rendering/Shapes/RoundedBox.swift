import CSDL2
import Foundation
import Geometry

/// The triangles of a filled rectangle with rounded corners, in drawable pixels: a fan over its
/// outline drawn half a pixel inside the true edge, and a one-pixel strip from there to half a pixel
/// outside it fading to transparent, so the corners are smooth without multisampling.
struct RoundedBox {
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []

    /// `rect` and `radius` in points, `scale` drawable pixels per point; the radius is held to half
    /// the shorter side.
    init(_ rect: Rect, radius: Double, scale: Double, color: SDL_Color) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let centres = [Point(rect.maxX - r, rect.minY + r), Point(rect.maxX - r, rect.maxY - r),
                       Point(rect.minX + r, rect.maxY - r), Point(rect.minX + r, rect.minY + r)]
        // Each corner sweeps a quarter turn, clockwise on screen from the top right's.
        let steps = max(2, Int((r * scale / 1.5).rounded(.up)))
        var ring: [(point: Point, normal: Point)] = []
        for (k, c) in centres.enumerated() {
            for s in 0...steps {
                let angle = (Double(k) - 1) * Double.pi / 2 + Double(s) / Double(steps) * Double.pi / 2
                let normal = Point(cosine(angle), sine(angle))
                ring.append((c + normal * r, normal))
            }
        }
        func vertex(_ p: Point, alpha: UInt8) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)),
                       color: SDL_Color(r: color.r, g: color.g, b: color.b, a: alpha), tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        let n = Int32(ring.count)
        vertices.append(vertex(rect.center * scale, alpha: color.a))
        vertices += ring.map { vertex($0.point * scale - $0.normal * 0.5, alpha: color.a) }
        vertices += ring.map { vertex($0.point * scale + $0.normal * 0.5, alpha: 0) }
        for i in 0..<n {
            let j = (i + 1) % n
            indices += [0, 1 + i, 1 + j]
            indices += [1 + i, 1 + j, 1 + n + i, 1 + j, 1 + n + j, 1 + n + i]
        }
    }
}
