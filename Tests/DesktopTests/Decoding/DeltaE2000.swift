import Foundation
import Testing

/// CIE L*a*b* (the colour tests' measure).
struct Lab {
    var l: Double, a: Double, b: Double

    init(_ l: Double, _ a: Double, _ b: Double) { self.l = l; self.a = a; self.b = b }

    /// From sRGB numbers 0–255 (IEC 61966-2-1's curve and matrix; D65 white).
    init(sRGB c: (Double, Double, Double)) {
        func linear(_ v: Double) -> Double {
            let x = v / 255
            return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
        }
        let r = linear(c.0), g = linear(c.1), b = linear(c.2)
        // The matrix to 7 decimals, whose rows add up to the D65 white used below.
        let x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x / 0.95047), fy = f(y), fz = f(z / 1.08883)
        self.init(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}

/// The CIEDE2000 colour difference (Sharma, Wu and Dalal, 2005), with kL = kC = kH = 1.
enum DeltaE2000 {
    static func between(_ p: Lab, _ q: Lab) -> Double {
        let rad = Double.pi / 180
        let c1 = hypot(p.a, p.b), c2 = hypot(q.a, q.b)
        let meanC = (c1 + c2) / 2
        let g = 0.5 * (1 - sqrt(pow(meanC, 7) / (pow(meanC, 7) + pow(25, 7))))
        let a1 = (1 + g) * p.a, a2 = (1 + g) * q.a
        let cp1 = hypot(a1, p.b), cp2 = hypot(a2, q.b)
        func hue(_ b: Double, _ a: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let h = atan2(b, a) / rad
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(p.b, a1), h2 = hue(q.b, a2)
        let dL = q.l - p.l, dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * sqrt(cp1 * cp2) * sin(dh / 2 * rad)
        let meanL = (p.l + q.l) / 2, meanCp = (cp1 + cp2) / 2
        var meanH = h1 + h2
        if cp1 * cp2 != 0 {
            if abs(h1 - h2) <= 180 { meanH = (h1 + h2) / 2 } else if h1 + h2 < 360 { meanH = (h1 + h2 + 360) / 2 } else { meanH = (h1 + h2 - 360) / 2 }
        }
        let t = 1 - 0.17 * cos((meanH - 30) * rad) + 0.24 * cos(2 * meanH * rad) + 0.32 * cos((3 * meanH + 6) * rad) - 0.20 * cos((4 * meanH - 63) * rad)
        let dTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let rc = 2 * sqrt(pow(meanCp, 7) / (pow(meanCp, 7) + pow(25, 7)))
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / sqrt(20 + pow(meanL - 50, 2))
        let sc = 1 + 0.045 * meanCp, sh = 1 + 0.015 * meanCp * t
        let rt = -sin(2 * dTheta * rad) * rc
        return sqrt(pow(dL / sl, 2) + pow(dC / sc, 2) + pow(dH / sh, 2) + rt * (dC / sc) * (dH / sh))
    }
}

@Suite("The colour tests' instrument: ΔE2000 as Sharma, Wu and Dalal's test data give it, Lab from sRGB")
struct DeltaE2000Tests {
    @Test("Sharma et al.'s pairs 1, 7, 17 and 25 to 4 decimals")
    func publishedPairs() {
        let pairs: [(Lab, Lab, Double)] = [
            (Lab(50.0000, 2.6772, -79.7751), Lab(50.0000, 0.0000, -82.7485), 2.0425),
            (Lab(50.0000, 0.0000, 0.0000), Lab(50.0000, -1.0000, 2.0000), 2.3669),
            (Lab(50.0000, 2.5000, 0.0000), Lab(73.0000, 25.0000, -18.0000), 27.1492),
            (Lab(60.2574, -34.0099, 36.2677), Lab(60.4626, -34.1751, 39.4387), 1.2644),
        ]
        for (p, q, expected) in pairs {
            #expect(abs(DeltaE2000.between(p, q) - expected) < 0.00005, "\(p) \(q): \(DeltaE2000.between(p, q)), not \(expected)")
            #expect(abs(DeltaE2000.between(q, p) - expected) < 0.00005)
        }
    }

    @Test("sRGB white is L* 100, a* b* 0; mid grey (128) L* 53.585, as lcms2's transicc gives it; one level of grey is under 0.5")
    func labFromSRGB() {
        let white = Lab(sRGB: (255, 255, 255))
        #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        #expect(abs(Lab(sRGB: (128, 128, 128)).l - 53.585) < 0.01)
        #expect(DeltaE2000.between(Lab(sRGB: (128, 128, 128)), Lab(sRGB: (129, 129, 129))) < 0.5)
    }
}
