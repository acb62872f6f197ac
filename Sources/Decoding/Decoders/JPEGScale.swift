import CSDL2

/// A DCT scaling factor of libjpeg-turbo: the decoder produces `ceil(size × numerator / denominator)`
/// pixels on each axis directly, skipping the work for the pixels it does not produce, so a 1/8
/// decode of a 12 MP photo costs a fraction of the full one.
struct JPEGScale: Hashable, Sendable, CustomStringConvertible {
    var numerator: Int
    var denominator: Int

    static let one = JPEGScale(numerator: 1, denominator: 1)

    /// TurboJPEG's scaled size of one dimension (its `TJSCALED` macro).
    func scaled(_ dimension: Int) -> Int { (dimension * numerator + denominator - 1) / denominator }

    package var value: Double { Double(numerator) / Double(denominator) }

    /// The factor in eighths (1/4 is 2), nil when it is not a whole number of eighths.
    var eighths: Int? { numerator * 8 % denominator == 0 ? numerator * 8 / denominator : nil }

    package var description: String { "\(numerator)/\(denominator)" }

    /// The factors the installed libjpeg-turbo offers (2/1 down to 1/8 in eighths for 2.x).
    static let available: [JPEGScale] = {
        var count: Int32 = 0
        guard let list = tjGetScalingFactors(&count), count > 0 else { return [.one] }
        return (0..<Int(count)).map { JPEGScale(numerator: Int(list[$0].num), denominator: Int(list[$0].denom)) }
    }()

    /// The smallest downscaling factor (≤ 1) whose output of a `width`×`height` image is at least
    /// `minWidth`×`minHeight`; 1/1 when none is (never upscale: the renderer does that).
    static func smallest(atLeast minWidth: Int, _ minHeight: Int, width: Int, height: Int,
                         from factors: [JPEGScale] = available) -> JPEGScale {
        factors
            .filter { $0.value <= 1 && $0.scaled(width) >= minWidth && $0.scaled(height) >= minHeight }
            .min { $0.value < $1.value } ?? .one
    }

    /// The factor for a thumbnail: the smallest whose shorter side is at least `shortSide` pixels,
    /// so an aspect-fill square cell of that side is covered without upscaling.
    static func forThumbnail(shortSide: Int, width: Int, height: Int, from factors: [JPEGScale] = available) -> JPEGScale {
        width <= height
            ? smallest(atLeast: shortSide, 0, width: width, height: height, from: factors)
            : smallest(atLeast: 0, shortSide, width: width, height: height, from: factors)
    }

    /// The factor for showing the image fitted inside `boundWidth`×`boundHeight` pixels (aspect fit,
    /// never enlarged): the smallest whose output covers the fitted size.
    static func forFit(boundWidth: Int, boundHeight: Int, width: Int, height: Int,
                       from factors: [JPEGScale] = available) -> JPEGScale {
        let fit = fittedSize(width: width, height: height, boundWidth: boundWidth, boundHeight: boundHeight)
        return smallest(atLeast: fit.width, fit.height, width: width, height: height, from: factors)
    }

    /// `width`×`height` scaled by `min(1, boundWidth / width, boundHeight / height)`, rounded, at least 1×1.
    static func fittedSize(width: Int, height: Int, boundWidth: Int, boundHeight: Int) -> (width: Int, height: Int) {
        let s = min(1, Double(boundWidth) / Double(width), Double(boundHeight) / Double(height))
        return (max(1, Int((Double(width) * s).rounded())), max(1, Int((Double(height) * s).rounded())))
    }
}
