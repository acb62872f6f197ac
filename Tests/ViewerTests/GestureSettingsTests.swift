import Gestures
import Testing
@testable import Viewing
import FeelModel

@Suite("Gesture settings come from the feel")
struct GestureSettingsTests {
    @Test("the recognizers take every threshold from the feel, the two-finger ones included")
    func gestureSettingsFollowFeel() {
        var feel = Feel.defaults
        feel.clickSlopPoints = 7; feel.doubleClickIntervalSeconds = 0.41; feel.doubleClickDistancePoints = 13
        feel.wheelQuietSeconds = 0.2; feel.wheelPinchLogScalePerUnit = 0.3; feel.wheelRotateRadiansPerUnit = 0.04
        feel.velocityWindowSeconds = 0.15; feel.velocitySampleLimit = 9; feel.velocityStopGapSeconds = 0.06
        feel.minimumFingerSpanPoints = 33; feel.pinchKindScaleThreshold = 0.12; feel.rotateKindThresholdRadians = 0.2
        let s = Viewer.gestureSettings(for: feel)
        #expect(s.clickSlopPoints == 7 && s.doubleTapIntervalSeconds == 0.41 && s.doubleTapDistancePoints == 13)
        #expect(s.wheelQuietSeconds == 0.2 && s.wheelPinchLogScalePerUnit == 0.3 && s.wheelRotateRadiansPerUnit == 0.04)
        #expect(s.velocityWindowSeconds == 0.15 && s.velocitySampleLimit == 9 && s.velocityStopGapSeconds == 0.06)
        #expect(s.minimumFingerSpanPoints == 33 && s.pinchKindScaleThreshold == 0.12 && s.rotateKindThresholdRadians == 0.2)
        // The defaults agree with the recognizers' own.
        let d = Viewer.gestureSettings(for: .defaults)
        #expect(d == GestureSettings())
    }
}
