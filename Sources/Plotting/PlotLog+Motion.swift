import Geometry
import LabUI
import Motion
import Viewing

extension PlotLog {
    /// A recorded motion drawn as a log: its quantities, named as a state log's (`left`, `top`,
    /// `right`, `bottom`, `x`, `y`, `width`, `height`, `scale`, `rotation`, `backdrop`), turned into
    /// the plot's centre, scale, rotation and backdrop, with times measured from `onset`. Scale is the
    /// width over `referenceWidth` (the same for every log drawn together) when no `scale` is given.
    /// Quantities the plot cannot draw are ignored; a missing backdrop draws as 0.
    package init(motion: SampledMotion, name: String, onset: Double, referenceWidth: Double?) {
        var byName: [String: [Double]] = [:]
        for q in motion.quantities { byName[q.name] = q.values }
        func value(_ name: String, _ i: Int) -> Double? { byName[name]?[i] }
        let samples = motion.times.indices.map { i -> Sample in
            let left = value("left", i), right = value("right", i), top = value("top", i), bottom = value("bottom", i)
            let x = value("x", i) ?? left.flatMap { l in right.map { (l + $0) / 2 } }
            let y = value("y", i) ?? top.flatMap { t in bottom.map { (t + $0) / 2 } }
            let width = value("width", i) ?? left.flatMap { l in right.map { $0 - l } }
            let height = value("height", i) ?? top.flatMap { t in bottom.map { $0 - t } }
            let time = motion.times[i] - onset, backdrop = value("backdrop", i) ?? 0
            // The frame as a state log would record it (for the lab's figures, `MotionFigures`).
            let image = x.flatMap { x in y.flatMap { y in width.flatMap { w in height.map { h in
                StateSnapshot.Image(center: Point(x, y), size: Size(w, h), rotation: value("rotation", i) ?? 0) } } } }
            var s = Sample(time: time, backdrop: backdrop,
                           frame: MotionFigures.Frame(time: time, photo: 0, image: image, backdrop: backdrop))
            s.photo = 0
            s.height = height
            if x != nil || y != nil { s.center = Point(x ?? 0, y ?? 0) }
            s.width = width
            s.scale = value("scale", i) ?? width.flatMap { w in referenceWidth.flatMap { $0 > 0 ? w / $0 : nil } }
            s.rotation = value("rotation", i)
            return s
        }
        self.init(name: name, samples: samples, marks: [])
        computeVelocities()
    }
}
