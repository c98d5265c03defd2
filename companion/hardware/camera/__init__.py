"""Camera sources. All produce BGR ``numpy`` frames (OpenCV's order).

- ``picamera2_source``  the Pi camera (picamera2, installed from Raspberry Pi OS's apt)
- ``opencv_source``     a USB webcam through ``cv2.VideoCapture``
- ``file_source``       a video file or a folder of images
- ``simulated_source``  the rendered simulated table
- ``grabber``           a thread that keeps only the newest frame (vision never queues)
"""

from companion.hardware.camera.base import CameraSource, open_camera

__all__ = ["CameraSource", "open_camera"]
