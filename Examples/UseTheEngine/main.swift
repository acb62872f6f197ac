import Viewing
import Drawing
import Geometry

// Twelve 3:2 photos in a 1280 × 800 window, on the default feel; time is an argument.
let photos = (0..<12).map { Photo(name: "photo\($0).jpg", pixelSize: Size(1500, 1000)) }
var viewer = Viewer(photos: photos, windowSize: Size(1280, 800))
var t = 0.0

// Click the first cell: the photo flies open on the open spring. Then one second of 60 Hz frames.
let cell = viewer.scene().cells[0].frame.center
viewer.handle(.pointer(.down, t, cell.x, cell.y))
viewer.handle(.pointer(.up, t + 0.05, cell.x, cell.y))
for _ in 0..<60 { t += 1.0 / 60; viewer.handle(.frame(t)) }
print(viewer.snapshot.phase, viewer.snapshot.image!.size)

// Drag it 198 pt down in 0.1 s and let go: its projected travel passes the drag radius, so it closes.
viewer.handle(.pointer(.down, t, 640, 400))
for y in stride(from: 433.0, through: 598, by: 33) {
    t += 1.0 / 60
    viewer.handle(.pointer(.move, t, 640, y))
    viewer.handle(.frame(t))
}
viewer.handle(.pointer(.up, t, 640, 598))
for _ in 0..<60 { t += 1.0 / 60; viewer.handle(.frame(t)) }
print(viewer.snapshot.phase, viewer.takeNotes().count, "notes")
